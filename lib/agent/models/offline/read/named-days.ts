import { stem } from './coverage';
import { claim, type Token } from './tokens';

/**
 * The bakery's own named days: a date exception's note ("Thanksgiving", "Staff training day")
 * names its date, so "are you open on Thanksgiving?" is read as that date. The words every
 * note may hold ("closed", "hours", "for") name nothing.
 */
export type NamedDay = { date: string; note: string };

const unnaming = new Set(
  `closed close closing open opening opens early late special hours hour holiday holidays day days
  for the a an of on and we are our shop bakery store until from at to off only`
    .trim()
    .split(/\s+/),
);

function namingWords(note: string): string[] {
  return (note.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [])
    .filter((word) => word.length >= 3 && !unnaming.has(word))
    .map(stem);
}

/** The named days the question names by every naming word of their note, claimed as days. */
export function readNamedDays(
  tokens: Token[],
  named: readonly NamedDay[],
): { date: string; at: number }[] {
  const found: { date: string; at: number }[] = [];
  for (const day of named) {
    const words = namingWords(day.note);
    if (words.length === 0) continue;
    const places = words.map((word) =>
      tokens.findIndex((t) => !t.used && /^[a-z]/.test(t.text) && stem(t.text) === word),
    );
    if (places.some((k) => k === -1)) continue;
    for (const k of places) claim(tokens, k, 'day');
    found.push({ date: day.date, at: Math.min(...places) });
  }
  return found;
}
