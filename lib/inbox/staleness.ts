import type { FactRef } from '../agent/types';

/**
 * What one owner's change touched, as `fact_changes` keeps it: a fact a run can read, a weekday's
 * hours ("weekday:6"), one date's exception ("date:2026-12-24"), or everything ("*": the
 * bakery's name, zone, wording, handover topics).
 */
export type ChangeKey = FactRef | `weekday:${number}` | `date:${string}` | '*';

/** The facts version at which each key last changed. */
export type FactChangeRow = { key: string; factsVersion: number };

/** The facts as they stand: the version, and where each changed fact last changed. */
export type FactsNow = { factsVersion: number; changes: readonly FactChangeRow[] };

/** ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
function isoWeekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The change keys that would alter what one read fact said. */
export function keysBehind(fact: FactRef): ChangeKey[] {
  if (fact.startsWith('day:')) {
    const date = fact.slice(4);
    return [`date:${date}`, `weekday:${isoWeekdayOf(date)}`];
  }
  return [fact];
}

/**
 * Whether a run's draft rests on facts that changed since it read them. A run that recorded
 * what it read is stale only when one of those facts (or everything) changed after its facts
 * version; a run from before such records were kept is stale after any change, as it always was.
 */
export function isStale(input: {
  run: { factsVersion: number; factsRead?: readonly string[] | null };
  factsVersion: number;
  changes: readonly FactChangeRow[];
}): boolean {
  const { run } = input;
  if (run.factsVersion >= input.factsVersion) return false;
  if (!run.factsRead) return true;
  const newer = new Set(
    input.changes.filter((c) => c.factsVersion > run.factsVersion).map((c) => c.key),
  );
  if (newer.has('*')) return true;
  return run.factsRead.some((fact) => keysBehind(fact as FactRef).some((key) => newer.has(key)));
}

/** Change keys for a menu item's save: the item under its old and new names, and the whole menu. */
export function menuItemChangeKeys(...names: (string | null | undefined)[]): ChangeKey[] {
  const keys = names
    .filter((name): name is string => typeof name === 'string')
    .map((name) => `item:${name.trim().toLowerCase()}` as const);
  return [...new Set<ChangeKey>([...keys, 'menu'])];
}
