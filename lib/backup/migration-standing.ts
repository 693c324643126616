/**
 * Where a database stands against the migrations this release ships: new (nothing applied),
 * current, behind (migrations to apply: back it up first) or ahead (a newer release migrated
 * it: this code must not run on it). drizzle records each applied migration with its
 * journal's `when` as `created_at` and applies those whose `when` is later than the newest.
 */

export type JournalEntry = { idx: number; tag: string; when: number };

/** drizzle's `meta/_journal.json`, as text. */
export function parseJournal(text: string): JournalEntry[] {
  const parsed = JSON.parse(text) as { entries?: unknown };
  if (!Array.isArray(parsed.entries)) throw new Error('The migrations journal has no entries.');
  return parsed.entries.map((entry) => {
    const { idx, tag, when } = entry as Record<string, unknown>;
    if (typeof idx !== 'number' || typeof tag !== 'string' || typeof when !== 'number') {
      throw new Error('The migrations journal has an entry without idx, tag or when.');
    }
    return { idx, tag, when };
  });
}

export type MigrationStanding =
  | { kind: 'new' }
  | { kind: 'current'; newest: JournalEntry }
  | { kind: 'behind'; pending: JournalEntry[] }
  | { kind: 'ahead'; appliedAt: number; newest: JournalEntry };

/** `newestApplied`: the largest `created_at` in `__drizzle_migrations`; null when none. */
export function migrationStanding({
  newestApplied,
  journal,
}: {
  newestApplied: number | null;
  journal: readonly JournalEntry[];
}): MigrationStanding {
  const newest = [...journal].sort((a, b) => a.when - b.when).at(-1);
  if (!newest) throw new Error('This release ships no migrations.');
  if (newestApplied === null) return { kind: 'new' };
  if (newestApplied > newest.when) return { kind: 'ahead', appliedAt: newestApplied, newest };
  const pending = journal.filter((entry) => entry.when > newestApplied);
  return pending.length === 0 ? { kind: 'current', newest } : { kind: 'behind', pending };
}

/** The one line a server, worker or migration says when it refuses a database that is ahead. */
export function aheadMessage(where: string, standing: { appliedAt: number; newest: JournalEntry }) {
  const when = new Date(standing.appliedAt).toISOString().slice(0, 16).replace('T', ' ');
  return `The database at ${where} was changed by a newer release of Bakery Desk (a migration from ${when} UTC; this release knows up to ${standing.newest.tag}). Run that release, or restore a backup taken before it.`;
}

/** Thrown when the code is older than the database it is asked to open. */
export class DatabaseAheadError extends Error {
  override name = 'DatabaseAheadError';
}
