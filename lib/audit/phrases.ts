import type { Wording } from '@/lib/agent/bakery/wording';
import type { Details } from './read-details';

/** One audit row as its sentence reads it: who, and the stored details. */
export type EntryFacts = {
  /** The person's name, or the words for who acts when nobody is signed in. */
  actor: string;
  entityId: string | null;
  at: Date;
  before: Details;
  after: Details;
  /** The stored JSON itself, for rows that keep a list (the weekly hours, a replaced menu). */
  beforeValue: unknown;
  afterValue: unknown;
  wording: Wording;
};

export type Sentence = (entry: EntryFacts) => string;

/** One thing a change changed: "the price", from "$9.00" to "$9.50". */
export type Clause = { what: string; from?: string; to?: string };

/** "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A name the owner or a customer typed, quoted so it reads as theirs. */
export function quoted(text: string): string {
  return `“${text}”`;
}

/** "1 day", "3 conversations": English plurals with an -s. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** A number the row should hold but an older row may lack: "no. 3", or nothing. */
export function numbered(noun: string, id: string | number | null | undefined): string {
  return id === null || id === undefined || id === '' ? noun : `${noun} (no. ${id})`;
}

export function conversation(id: string | number | null | undefined): string {
  return id === null || id === undefined || id === '' ? 'a conversation' : `conversation #${id}`;
}

/**
 * "Ana changed the price of rye loaf from $9.00 to $9.50", or with several clauses
 * "Ana changed rye loaf: the price from $9.00 to $9.50 and the notice from 1 day to 2 days".
 */
export function changed(actor: string, subject: string | null, clauses: Clause[]): string {
  const fromTo = ({ from, to }: Clause) =>
    from !== undefined && to !== undefined ? ` from ${from} to ${to}` : to ? ` to ${to}` : '';
  const [only] = clauses;
  if (!only) return `${actor} saved ${subject ?? 'the settings'} without a change`;
  if (clauses.length === 1) {
    return `${actor} changed ${only.what}${subject ? ` of ${subject}` : ''}${fromTo(only)}`;
  }
  const list = joinWords(clauses.map((clause) => `${clause.what}${fromTo(clause)}`));
  return subject ? `${actor} changed ${subject}: ${list}` : `${actor} changed ${list}`;
}

/** The clauses for the fields two details differ in, each worded by its own function. */
export function clausesFor(
  before: Details,
  after: Details,
  fields: Record<string, { what: string; word?: (value: unknown) => string }>,
): Clause[] {
  const clauses: Clause[] = [];
  for (const [field, { what, word }] of Object.entries(fields)) {
    if (!(field in before) && !(field in after)) continue;
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    clauses.push(word ? { what, from: word(before[field]), to: word(after[field]) } : { what });
  }
  return clauses;
}

/** A list of words as a sentence reads it; null is "not stated", an empty list "none". */
export function wordList(value: unknown): string {
  if (value === null || value === undefined) return 'not stated';
  if (!Array.isArray(value)) return String(value);
  return value.length === 0 ? 'none' : joinWords(value.map(String));
}

/** What two lists of words differ in: "added “a”; removed “b”". */
export function addedAndRemoved(before: readonly string[], after: readonly string[]): string {
  const added = after.filter((word) => !before.includes(word));
  const removed = before.filter((word) => !after.includes(word));
  const parts = [
    added.length > 0 ? `added ${joinWords(added.map(quoted))}` : '',
    removed.length > 0 ? `removed ${joinWords(removed.map(quoted))}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'no change';
}
