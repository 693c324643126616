import { addDays } from '@/lib/agent/bakery/calendar';
import { type Wording, wordDate, wordTime, wordWeekday } from '@/lib/agent/bakery/wording';
import { type Clause, changed, quoted, type Sentence } from '../phrases';
import { type Details, flagOf, listOf, numberOf, textOf } from '../read-details';

/** A Monday, so ISO weekday n is this date plus n - 1 days. */
const A_MONDAY = '2026-01-05';

function dayName(weekday: number, wording: Wording): string {
  return wordWeekday(addDays(A_MONDAY, weekday - 1), wording);
}

/** "7 am–2 pm", or "closed" when either end is missing. */
function span(details: Details | undefined, wording: Wording): string {
  const opens = details && textOf(details, 'opens');
  const closes = details && textOf(details, 'closes');
  if (!details || flagOf(details, 'closed') || !opens || !closes) return 'closed';
  return `${wordTime(opens, wording)}–${wordTime(closes, wording)}`;
}

function dateOf(entry: { entityId: string | null; at: Date; wording: Wording }, d: Details) {
  const date = textOf(d, 'date') ?? entry.entityId;
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'a special day';
  return wordDate(date, entry.wording, entry.at.toISOString().slice(0, 10));
}

function withNote(details: Details): string {
  const note = textOf(details, 'note');
  return note ? ` (${quoted(note)})` : '';
}

export const hoursSentences = {
  'hours.update': ({ actor, beforeValue, afterValue, wording }) => {
    const before = listOf(beforeValue);
    const clauses: Clause[] = [];
    for (const day of listOf(afterValue)) {
      const weekday = numberOf(day, 'weekday');
      if (weekday === undefined) continue;
      const was = before.find((b) => numberOf(b, 'weekday') === weekday);
      const [from, to] = [span(was, wording), span(day, wording)];
      if (from !== to) clauses.push({ what: `${dayName(weekday, wording)}’s hours`, from, to });
    }
    return clauses.length === 0
      ? `${actor} saved the weekly hours without a change`
      : changed(actor, null, clauses);
  },
  'exception.add': (entry) => {
    const { actor, after, wording } = entry;
    const date = dateOf(entry, after);
    const hours = span(after, wording);
    return hours === 'closed'
      ? `${actor} marked ${date} as closed${withNote(after)}`
      : `${actor} set special hours for ${date}: ${hours}${withNote(after)}`;
  },
  'exception.update': (entry) => {
    const { actor, before, after, wording } = entry;
    const clauses: Clause[] = [];
    const [from, to] = [span(before, wording), span(after, wording)];
    if (from !== to) clauses.push({ what: 'the hours', from, to });
    const [noteFrom, noteTo] = [textOf(before, 'note'), textOf(after, 'note')];
    if (noteFrom !== noteTo) {
      clauses.push({
        what: 'the note',
        from: noteFrom ? quoted(noteFrom) : 'none',
        to: noteTo ? quoted(noteTo) : 'none',
      });
    }
    return changed(actor, dateOf(entry, after), clauses);
  },
  'exception.remove': (entry) =>
    `${entry.actor} removed the special hours of ${dateOf(entry, entry.before)} (${span(entry.before, entry.wording)})`,
} satisfies Record<string, Sentence>;
