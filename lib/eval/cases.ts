import { z } from 'zod';
import type { BakeryData } from '../agent/bakery/data';
import { needsPersonReasons } from '../agent/types';

/** A bakery-local wall time, "2026-12-01T10:00": when a question arrived or a draft is made. */
const localTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'a bakery-local time such as 2026-12-01T10:00');

/** "/pattern/flags" is a regular expression; anything else a case-insensitive piece of text. */
const matcher = z.string().min(1);

const dateException = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  closed: z.boolean(),
  opens: z.string().nullable().default(null),
  closes: z.string().nullable().default(null),
  note: z.string().nullable().default(null),
});

const menuChange = z.strictObject({
  name: z.string().min(1),
  priceCents: z.number().int().nonnegative().optional(),
  noticeDays: z.number().int().nonnegative().optional(),
  available: z.boolean().optional(),
  description: z.string().nullable().optional(),
});

export const evalCase = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case, e.g. "rolls-two-dozen"'),
  question: z.string().min(1),
  /** The conversation before the question, oldest first: the customer's and the bakery's. */
  earlier: z
    .array(z.strictObject({ author: z.enum(['customer', 'bakery']), text: z.string().min(1) }))
    .default([]),
  /** When the draft is made; the set's default clock when absent. */
  now: localTime.optional(),
  /** When the question arrived, for "today" and "tomorrow"; the draft's clock when absent. */
  askedAt: localTime.optional(),
  fixtures: z
    .strictObject({
      dateExceptions: z.array(dateException).default([]),
      /** Changes to example items by name; a name the menu lacks adds the item. */
      menu: z.array(menuChange).default([]),
      /** The owner's own topics that always go to a person. */
      handoverTopics: z.array(z.string().min(1)).default([]),
    })
    .optional(),
  must: z.array(matcher).default([]),
  mustNot: z.array(matcher).default([]),
  /** When given, whether the run must mark the question for a person. */
  needsPerson: z.boolean().optional(),
  /** When given, the reason the mark must carry. */
  needsPersonReason: z.enum(needsPersonReasons).optional(),
  tags: z.array(z.string()).default([]),
});
export type EvalCase = z.infer<typeof evalCase>;

export const evalSet = z.array(evalCase);

/** One file's cases, or what is wrong with it, naming the case and field. */
export function parseEvalSet(
  text: string,
  source: string,
): { ok: true; cases: EvalCase[] } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${source} is not JSON: ${(error as Error).message}` };
  }
  const parsed = evalSet.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    return { ok: false, message: `${source}: ${where}: ${issue?.message}` };
  }
  return { ok: true, cases: parsed.data };
}

/** Duplicate ids across files would make a report ambiguous. */
export function duplicateIds(cases: readonly EvalCase[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const c of cases) (seen.has(c.id) ? twice : seen).add(c.id);
  return [...twice];
}

/**
 * The folder a case file sits in under evals/, which groups its figures in the report:
 * "evals/held-out/orders.json" is "held-out"; a file directly in evals/ (or elsewhere) is "main".
 */
export function caseGroup(file: string): string {
  const parts = file.split(/[\\/]/);
  const root = parts.lastIndexOf('evals');
  const folders = root < 0 ? [] : parts.slice(root + 1, -1);
  return folders.length > 0 ? folders.join('/') : mainGroup;
}

export const mainGroup = 'main';
/** The folder of cases written by people who never read the drafter, reported on their own. */
export const heldOutGroup = 'held-out';

/** `--filter rolls`: cases whose id or a tag contains the text. */
export function filterCases(cases: readonly EvalCase[], filter: string | undefined): EvalCase[] {
  const needle = filter?.trim().toLowerCase();
  if (!needle) return [...cases];
  return cases.filter(
    (c) => c.id.includes(needle) || c.tags.some((tag) => tag.toLowerCase().includes(needle)),
  );
}

/** The bakery a case is drafted against: the base facts with the case's holidays and menu changes. */
export function withFixtures(base: BakeryData, fixtures: EvalCase['fixtures']): BakeryData {
  if (!fixtures) return base;
  const menu = base.menu.map((item) => {
    const change = fixtures.menu.find((c) => c.name.toLowerCase() === item.name.toLowerCase());
    return change ? { ...item, ...change, name: item.name } : item;
  });
  for (const change of fixtures.menu) {
    const known = base.menu.some((item) => item.name.toLowerCase() === change.name.toLowerCase());
    if (!known) {
      menu.push({
        name: change.name,
        priceCents: change.priceCents ?? 0,
        noticeDays: change.noticeDays ?? 0,
        available: change.available ?? true,
        description: change.description ?? null,
      });
    }
  }
  return {
    ...base,
    menu,
    dateExceptions: [...base.dateExceptions, ...fixtures.dateExceptions],
    handoverTopics: [...(base.handoverTopics ?? []), ...fixtures.handoverTopics],
  };
}
