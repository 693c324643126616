import { z } from 'zod';
import { allergens, dietaryTags, ruledOutBy } from '../agent/bakery/data';
import { isCalendarDate } from './calendar-date';
import { normalizeClockTime, opensBeforeCloses } from './clock-time';
import { parseDollars, parsePrice } from './price';
import { canonicalTimezone } from './timezone';

/**
 * The owner's forms, parsed. The server actions parse with these; the forms run the same
 * schemas before sending, so both give the same message beside the same field.
 */

export const NOTICE_MAX_DAYS = 30;

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .max(max, { error: `Use at most ${max} characters.` });

const required = (label: string, max: number) =>
  text(label, max).min(1, { error: `Enter ${label}.` });

/** An optional text field: blank becomes null. */
const optional = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? '')
    .pipe(z.string().max(max, { error: `Use at most ${max} characters.` }))
    .transform((value) => (value === '' ? null : value));

/** An HTML checkbox: present ("on") or absent. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value !== undefined && value !== '' && value !== 'off');

export const clockTime = (label: string) =>
  z.string({ error: `Enter ${label} as HH:MM.` }).transform((value, ctx) => {
    const time = normalizeClockTime(value);
    if (time === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          value.trim() === ''
            ? `Enter ${label} as HH:MM.`
            : `Enter ${label} as HH:MM, 24-hour, from 00:00 to 23:59.`,
      });
      return z.NEVER;
    }
    return time;
  });

export const MAX_DAILY_BUDGET_CENTS = 10_000_00;

/** Dollars a day for the model; blank means the configured default (DRAFT_DAILY_DOLLARS). */
const dailyBudget = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const typed = value?.trim() ?? '';
    if (typed === '') return null;
    const parsed = parseDollars(typed);
    if (!parsed.ok || parsed.cents > MAX_DAILY_BUDGET_CENTS) {
      ctx.addIssue({
        code: 'custom',
        message: `Enter dollars a day from 0 to ${(MAX_DAILY_BUDGET_CENTS / 100).toLocaleString('en-US')}, such as 10.00, or leave it blank for the default.`,
      });
      return z.NEVER;
    }
    return parsed.cents;
  });

export const settingsInput = z.object({
  name: required('the bakery’s name', 100),
  timezone: z.string({ error: 'Enter a timezone.' }).transform((value, ctx) => {
    const zone = canonicalTimezone(value);
    if (zone === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          value.trim() === ''
            ? 'Enter a timezone, such as America/New_York.'
            : `“${value.trim().slice(0, 64)}” is not a timezone; use one such as America/New_York.`,
      });
      return z.NEVER;
    }
    return zone;
  }),
  contact: text('a contact line', 300),
  locale: z.string({ error: 'Enter a locale, such as en-US.' }).transform((value, ctx) => {
    const locale = canonicalLocale(value);
    if (locale === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          value.trim() === ''
            ? 'Enter a locale, such as en-US or en-GB.'
            : `“${value.trim().slice(0, 35)}” is not a locale this server can word drafts in; use one such as en-US or en-GB.`,
      });
      return z.NEVER;
    }
    return locale;
  }),
  currency: z.string({ error: 'Enter a currency, such as USD.' }).transform((value, ctx) => {
    const code = value.trim().toUpperCase();
    if (!knownCurrencies().has(code)) {
      ctx.addIssue({
        code: 'custom',
        message:
          code === ''
            ? 'Enter a currency code, such as USD or EUR.'
            : `“${value.trim().slice(0, 12)}” is not a currency code; use three letters such as USD or EUR.`,
      });
      return z.NEVER;
    }
    return code;
  }),
  dailyBudget,
  showStaffNames: checkbox,
});
export type SettingsInput = z.infer<typeof settingsInput>;

/** A form field's name for an allergen or tag: "wheat/gluten" is `wheat-gluten`. */
export function labelSlug(label: string): string {
  return label.replace(/[^a-z]+/g, '-');
}

const labelBoxes = <P extends string>(prefix: P, labels: readonly string[]) =>
  Object.fromEntries(labels.map((label) => [`${prefix}${labelSlug(label)}`, checkbox])) as Record<
    `${P}${string}`,
    typeof checkbox
  >;

/** A price typed in the bakery's locale ("9,50" in de-DE), as whole cents. */
const price = (locale: string) =>
  z.string({ error: 'Enter a price.' }).transform((value, ctx) => {
    const parsed = parsePrice(value, locale);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.cents;
  });

const menuItemFieldsIn = (locale: string) =>
  z.object({
    name: required('a name', 80),
    price: price(locale),
    noticeDays: z
      .string({ error: 'Enter the days of notice, 0 to 30.' })
      .trim()
      .regex(/^\d{1,3}$/, { error: `Enter whole days of notice, 0 to ${NOTICE_MAX_DAYS}.` })
      .transform(Number)
      .pipe(
        z
          .number()
          .max(NOTICE_MAX_DAYS, { error: `Notice can be at most ${NOTICE_MAX_DAYS} days.` }),
      ),
    description: optional(500),
    available: checkbox,
    ingredients: optional(500),
    /** The owner checked this item's allergens: none ticked then means it contains none of them. */
    allergensRecorded: checkbox,
    ...labelBoxes('contains_', allergens),
    ...labelBoxes('traces_', allergens),
    ...labelBoxes('diet_', dietaryTags),
  });

type MenuItemFields = z.output<ReturnType<typeof menuItemFieldsIn>>;

/** The ticked boxes as lists, checked against each other: a tag never contradicts an allergen. */
function withLabels<T extends MenuItemFields>(input: T, ctx: z.RefinementCtx) {
  const ticked = <L extends string>(prefix: string, labels: readonly L[]) =>
    labels.filter((label) => (input as Record<string, unknown>)[`${prefix}${labelSlug(label)}`]);
  const contains = ticked('contains_', allergens);
  const traces = ticked('traces_', allergens);
  const dietary = ticked('diet_', dietaryTags);
  if (!input.allergensRecorded && (contains.length > 0 || traces.length > 0)) {
    ctx.addIssue({
      code: 'custom',
      path: ['allergensRecorded'],
      message: 'Tick “Allergens checked” to save the allergens you ticked.',
    });
  }
  for (const label of traces.filter((t) => contains.includes(t))) {
    ctx.addIssue({
      code: 'custom',
      path: [`traces_${labelSlug(label)}`],
      message: `It contains ${label}, so it need not also be listed as “may contain”.`,
    });
  }
  for (const tag of dietary) {
    const clash = ruledOutBy[tag].find((a) => contains.includes(a) || traces.includes(a));
    if (clash) {
      ctx.addIssue({
        code: 'custom',
        path: [`diet_${labelSlug(tag)}`],
        message: `An item that ${contains.includes(clash) ? 'contains' : 'may contain'} ${clash} cannot be tagged ${tag}.`,
      });
    } else if (!input.allergensRecorded && tag !== 'vegetarian') {
      ctx.addIssue({
        code: 'custom',
        path: [`diet_${labelSlug(tag)}`],
        message: `Check its allergens (tick “Allergens checked”) before tagging it ${tag}.`,
      });
    }
  }
  return {
    name: input.name,
    price: input.price,
    noticeDays: input.noticeDays,
    description: input.description,
    available: input.available,
    ingredients: input.ingredients,
    allergensRecorded: input.allergensRecorded,
    allergens: contains,
    mayContain: traces,
    dietary,
  };
}

/** The menu item form, its price typed in the bakery's locale. */
export const menuItemInputIn = (locale: string) => menuItemFieldsIn(locale).transform(withLabels);

/** A menu item with its price written as in en-US ("3.25"), as a menu file writes it. */
export const menuItemInput = menuItemInputIn('en-US');
export type MenuItemInput = z.output<typeof menuItemInput>;

const id = z.coerce.number({ error: 'Choose an item.' }).int().positive();

export const menuItemRef = z.object({ id });

/** An item's edit, its price typed in the bakery's locale. */
export const menuItemUpdateIn = (locale: string) =>
  menuItemFieldsIn(locale)
    .extend({ id })
    .transform((input, ctx) => ({ id: input.id, ...withLabels(input, ctx) }));

export const menuItemAvailability = z.object({ id, available: z.enum(['true', 'false']) });

/** The weekdays in form order: 1 = Monday … 7 = Sunday, as the database keeps them. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

export type DayHoursField = `opens${number}` | `closes${number}` | `closed${number}`;

export type DayHours = { weekday: number; opens: string | null; closes: string | null };

/**
 * The weekly hours form: `opens1`/`closes1`/`closed1` … for each weekday. Closed days ignore
 * their times; open days need both, opening first.
 */
export const weeklyHoursInput = z
  .record(z.string(), z.string())
  .transform((fields, ctx): DayHours[] => {
    const days: DayHours[] = [];
    for (const weekday of weekdays) {
      if (checkbox.parse(fields[`closed${weekday}`])) {
        days.push({ weekday, opens: null, closes: null });
        continue;
      }
      const hours = openHours(fields[`opens${weekday}`], fields[`closes${weekday}`], weekday);
      if ('issues' in hours) {
        for (const issue of hours.issues) ctx.addIssue({ code: 'custom', ...issue });
      } else {
        days.push({ weekday, ...hours });
      }
    }
    return days;
  });

type OpenHours =
  | { opens: string; closes: string }
  | { issues: { message: string; path: string[] }[] };

/** An open day's times, or the message for each field that is wrong. */
function openHours(
  opensText: string | undefined,
  closesText: string | undefined,
  suffix: number | '',
): OpenHours {
  const opens = clockTime('the opening time').safeParse(opensText ?? '');
  const closes = clockTime('the closing time').safeParse(closesText ?? '');
  const issues: { message: string; path: string[] }[] = [];
  if (!opens.success) issues.push({ message: firstMessage(opens.error), path: [`opens${suffix}`] });
  if (!closes.success)
    issues.push({ message: firstMessage(closes.error), path: [`closes${suffix}`] });
  if (opens.success && closes.success) {
    if (opensBeforeCloses(opens.data, closes.data))
      return { opens: opens.data, closes: closes.data };
    issues.push({ message: 'Closing must be after opening.', path: [`closes${suffix}`] });
  }
  return { issues };
}

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Check this field.';
}

const calendarDate = z
  .string({ error: 'Enter a date as YYYY-MM-DD.' })
  .trim()
  .refine(isCalendarDate, { error: 'Enter a real date as YYYY-MM-DD, such as 2026-12-24.' });

/** A closed day, or a day with special hours; `kind` is the form's radio choice. */
export const dateExceptionInput = z
  .object({
    date: calendarDate,
    kind: z.enum(['closed', 'special'], { error: 'Choose closed or special hours.' }),
    opens: z.string().optional(),
    closes: z.string().optional(),
    note: optional(120),
  })
  .transform((input, ctx) => {
    const base = { date: input.date, note: input.note };
    if (input.kind === 'closed') return { ...base, closed: true, opens: null, closes: null };
    const hours = openHours(input.opens, input.closes, '');
    if ('issues' in hours) {
      for (const issue of hours.issues) ctx.addIssue({ code: 'custom', ...issue });
      return z.NEVER;
    }
    return { ...base, closed: false, ...hours };
  });
export type DateExceptionInput = z.infer<typeof dateExceptionInput>;

export const dateExceptionRef = z.object({ date: calendarDate });

/** A BCP 47 locale in its canonical spelling, if this runtime can format in it. */
export function canonicalLocale(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    if (!canonical) return null;
    return Intl.DateTimeFormat.supportedLocalesOf([canonical]).length > 0 ? canonical : null;
  } catch {
    return null;
  }
}

let currencies: Set<string> | undefined;
/** ISO 4217 codes the runtime knows. */
export function knownCurrencies(): Set<string> {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies;
}
