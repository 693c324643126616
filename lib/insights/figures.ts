/**
 * The dashboard's figures from what the queries return: percentiles, edit classes, shares and
 * per-day series. Pure, so every number on the page has a unit test.
 */

/**
 * The nearest-rank percentile (`p` from 0 to 100) of some values: the smallest value with at
 * least p% of the values at or below it. Always one of the values, so a median of reply times
 * is a reply time someone actually waited. Null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  return percentileOfSorted(ascending(values), p);
}

/** The values in a typed array, smallest first (a numeric sort, no comparator called per pair). */
const ascending = (values: readonly number[]): Float64Array => Float64Array.from(values).sort();

function percentileOfSorted(sorted: Float64Array, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

export type WaitSummary = { answered: number; medianMs: number | null; p90Ms: number | null };

/** The waits' count, median and 90th percentile, the waits sorted once for both. */
export function summarizeWaits(waits: readonly number[]): WaitSummary {
  const sorted = ascending(waits);
  return {
    answered: waits.length,
    medianMs: percentileOfSorted(sorted, 50),
    p90Ms: percentileOfSorted(sorted, 90),
  };
}

export const editClasses = ['unchanged', 'light', 'rewritten'] as const;
export type EditClass = (typeof editClasses)[number];

export const editClassLabels: Record<EditClass, string> = {
  unchanged: 'Sent unchanged',
  light: 'Lightly edited',
  rewritten: 'Rewritten',
};

/**
 * A sent reply whose edit distance is at most this share of the longer text was lightly
 * edited (a name, a time, a greeting); past it, the person rewrote the draft. A fifth keeps a
 * changed sentence or two of a short reply "light" and a new paragraph "rewritten".
 */
export const LIGHT_EDIT_MAX_SHARE = 0.2;

/**
 * How far a person moved from the draft: none, a light edit, or a rewrite, by the edit
 * distance relative to the length of the longer of draft and sent text. The replies table keeps
 * it, decided in SQL as each reply goes in (drizzle/0023, drizzle-postgres/0011);
 * tests/db/dashboard-figures.test.ts holds the two to each other.
 */
export function editClass(input: { distance: number; length: number }): EditClass {
  if (input.distance <= 0) return 'unchanged';
  return input.distance <= LIGHT_EDIT_MAX_SHARE * Math.max(1, input.length) ? 'light' : 'rewritten';
}

/** part / whole, or null when there is nothing to divide by. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** "40%", or an em dash for no share. */
export function formatShare(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 100)}%`;
}

/** A wait as staff read it: "45 s", "12 min", "2 h 05 min", "1 d 3 h"; an em dash for none. */
export function formatWait(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** Minutes with one decimal, for charts and CSV: a number, not words. */
export function toMinutes(ms: number | null): number | null {
  return ms === null ? null : Math.round(ms / 6_000) / 10;
}

/**
 * Rows of (key, series, count) as one record per key with a count for every series, zeros
 * where a key had none: what a stacked bar chart and its table both read. Keys keep the
 * order given (every day of the range, say), so empty days still show.
 */
export function pivot<S extends string>(
  keys: readonly string[],
  series: readonly S[],
  rows: readonly { key: string; series: S; count: number }[],
): ({ key: string } & Record<S, number>)[] {
  const byKey = new Map(
    keys.map((key) => [key, Object.fromEntries(series.map((s) => [s, 0])) as Record<S, number>]),
  );
  for (const row of rows) {
    const counts = byKey.get(row.key);
    if (counts && row.series in counts) counts[row.series] += row.count;
  }
  return keys.map((key) => ({ key, ...(byKey.get(key) as Record<S, number>) }));
}

/** Waits grouped by a key (a day, a person) and summarized. */
export function waitsBy<K extends string | number>(
  rows: readonly { key: K; waitMs: number }[],
): Map<K, WaitSummary> {
  const groups = new Map<K, number[]>();
  for (const row of rows) {
    const group = groups.get(row.key) ?? [];
    group.push(row.waitMs);
    groups.set(row.key, group);
  }
  return new Map([...groups].map(([key, waits]) => [key, summarizeWaits(waits)]));
}

/** The share of input tokens read from the prompt cache, of every input token the runs sent. */
export function cacheReadShare(tokens: {
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}): number | null {
  return share(
    tokens.cacheReadTokens,
    tokens.inputTokens + tokens.cacheReadTokens + tokens.cacheWriteTokens,
  );
}

/**
 * RFC 4180 CSV with CRLF line ends. A cell that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe: customer text
 * is data, in a spreadsheet as anywhere else.
 */
export function toCsv(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return rows
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
