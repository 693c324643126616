/**
 * Prices are typed in the bakery's currency and locale ("3.25" or "$12" in en-US, "9,50" or
 * "1.234,50 €" in de-DE) and kept in whole hundredths (cents, pence), never as floating point.
 */

export const MAX_PRICE_CENTS = 100_000_00;

export type PriceParse = { ok: true; cents: number } | { ok: false; message: string };

type Separators = { decimal: string; group: string };

// Browsers and servers disagree on which space or apostrophe a locale groups with (fr-FR's
// narrow no-break space, de-CH's ’ or '), so each family reads as one.
const sameSeparator = (text: string) => text.replace(/[\s\u00a0\u202f]/g, ' ').replace(/’/g, "'");

const integerFormats = new Map<string, Intl.NumberFormat>();
function integerFormat(locale: string): Intl.NumberFormat {
  let format = integerFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: 0 });
    integerFormats.set(locale, format);
  }
  return format;
}

function separatorsOf(locale: string): Separators {
  const parts = new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).formatToParts(1234567.5);
  const part = (type: string, fallback: string) =>
    sameSeparator(parts.find((p) => p.type === type)?.value ?? fallback);
  return { decimal: part('decimal', '.'), group: part('group', ',') };
}

/** Cents as a price field shows them in the locale: 950 as "9.50" (en-US) or "9,50" (de-DE). */
export function formatPriceInput(cents: number, locale: string): string {
  const { decimal } = separatorsOf(locale);
  const whole = integerFormat(locale).format(Math.floor(cents / 100));
  return `${whole}${decimal}${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Reads a price typed in `locale`: its decimal separator before the cents, its grouping (or
 * none) in the whole part. "9.50" in de-DE or "9,50" in en-US is refused with the locale's own
 * spelling rather than guessed, as is anything else that is not a plain amount.
 */
export function parsePrice(text: string, locale: string): PriceParse {
  const { decimal, group } = separatorsOf(locale);
  const example = (cents: number) => formatPriceInput(cents, locale);
  const cleaned = sameSeparator(text)
    .trim()
    // A currency sign or code ("R$", "€", "CHF") is what people type; the bakery has one
    // currency, so it adds nothing.
    .replace(/^(?:[A-Za-z]{0,2}\p{Sc}|[A-Z]{3})\s*/u, '')
    .replace(/\s*(?:\p{Sc}|[A-Z]{3})$/u, '');
  if (cleaned === '') return { ok: false, message: `Enter a price, such as ${example(325)}.` };
  if (/^[-−]/.test(cleaned)) return { ok: false, message: 'A price cannot be negative.' };
  const malformed = {
    ok: false as const,
    message: `Enter the price as a number, such as ${example(325)}.`,
  };
  if (!/^\d[\d.,' ]*$/.test(cleaned)) return malformed;

  const decimalAt = cleaned.lastIndexOf(decimal);
  const whole = decimalAt === -1 ? cleaned : cleaned.slice(0, decimalAt);
  const fraction = decimalAt === -1 ? '' : cleaned.slice(decimalAt + 1);
  if (!/^\d*$/.test(fraction)) return malformed;
  const groups = whole.split(group);
  if (!groups.every((digits) => /^\d+$/.test(digits))) return malformed;
  if (!groupedAsLocale(groups, whole, locale)) {
    // "9.50" in de-DE, "9,50" in en-US: the other convention's cents, which are not guessed.
    const last = groups.at(-1) ?? '';
    if (decimalAt === -1 && groups.length === 2 && last.length <= 2) {
      return {
        ok: false,
        message: `Write the cents after “${decimal}”, such as ${groups[0]}${decimal}${last.padEnd(2, '0')}.`,
      };
    }
    return malformed;
  }
  if (fraction.length > 2) return { ok: false, message: 'Use at most two decimals.' };
  const digits = groups.join('').replace(/^0+(?=\d)/, '');
  const tooHigh = {
    ok: false as const,
    message: `A price can be at most ${example(MAX_PRICE_CENTS)}.`,
  };
  if (digits.length > 9) return tooHigh;
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_PRICE_CENTS) return tooHigh;
  return { ok: true, cents };
}

/** Whole digits with no grouping, groups of three, or grouped exactly as the locale does (en-IN). */
function groupedAsLocale(groups: string[], whole: string, locale: string): boolean {
  if (groups.length === 1) return true;
  const [first = '', ...rest] = groups;
  if (first.length <= 3 && rest.every((g) => g.length === 3)) return true;
  const value = groups.join('');
  return value.length <= 15 && sameSeparator(integerFormat(locale).format(Number(value))) === whole;
}

/** Dollars as typed for the model's daily budget, which is always in US dollars. */
export function parseDollars(text: string): PriceParse {
  return parsePrice(text, 'en-US');
}

/** Cents as the budget field shows them: 325 as "3.25", 900 as "9.00". */
export function centsToDollarsInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
