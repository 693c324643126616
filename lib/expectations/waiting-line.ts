import { addDays } from '../agent/bakery/calendar';
import type { BakeryData } from '../agent/bakery/data';
import { hoursOn, wallClock } from '../agent/bakery/facts';
import { wordDate, wordingOf, wordTime, wordWeekday } from '../agent/bakery/wording';

/**
 * The line a customer reads under their message while they wait: how soon the bakery usually
 * answers while it is open, or when it opens again while it is closed.
 *
 * The typical wait is the median of the desk's own first replies to questions that arrived
 * during opening hours in the last 30 days. Fewer than 5 of them say too little about the
 * desk, so no figure is shown until there are 5: a made-up promise is worse than none.
 * Questions still waiting do not count (they have no first reply yet), which is why the figure
 * is rounded up and the line says "usually".
 */
export const REPLY_TIMES_WINDOW_DAYS = 30;
export const REPLY_TIMES_MIN_COUNT = 5;

/** How far ahead the next opening is looked for; a longer closure says only that it is closed. */
const NEXT_OPENING_HORIZON_DAYS = 60;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** One answered question: when it arrived and when its first reply was sent. */
export type FirstReply = { receivedAt: Date; firstReplyAt: Date };

/** Since when first replies are read for the typical wait. */
export function replyTimesSince(now: Date): Date {
  return new Date(now.getTime() - REPLY_TIMES_WINDOW_DAYS * 24 * HOUR);
}

/** Whether the bakery is open at an instant, by its weekly hours and date exceptions. */
export function openAt(facts: BakeryData, at: Date): boolean {
  const { date, time } = wallClock(facts, at);
  const hours = hoursOn(facts, date);
  return (
    hours.open &&
    hours.opens !== null &&
    hours.closes !== null &&
    hours.opens <= time &&
    time < hours.closes
  );
}

/**
 * The median first-reply wait of questions that arrived while the bakery was open within the
 * window, or null while fewer than the minimum are known.
 */
export function typicalReplyMs(facts: BakeryData, replies: FirstReply[], now: Date): number | null {
  const since = replyTimesSince(now).getTime();
  const waits = replies
    .filter((reply) => reply.receivedAt.getTime() >= since && openAt(facts, reply.receivedAt))
    .map((reply) => Math.max(0, reply.firstReplyAt.getTime() - reply.receivedAt.getTime()))
    .sort((a, b) => a - b);
  if (waits.length < REPLY_TIMES_MIN_COUNT) return null;
  const middle = Math.floor(waits.length / 2);
  return waits.length % 2 === 1
    ? (waits[middle] as number)
    : ((waits[middle - 1] as number) + (waits[middle] as number)) / 2;
}

/**
 * A wait as a friendly upper figure: "5 minutes", "20 minutes", "an hour", "3 hours", "a day".
 * Always rounded up, since the line promises "within".
 */
export function friendlyWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (minutes <= 5) return '5 minutes';
  if (minutes <= 30) return `${Math.ceil(minutes / 5) * 5} minutes`;
  if (minutes <= 45) return '45 minutes';
  const hours = Math.ceil(minutes / 60);
  if (hours === 1) return 'an hour';
  if (hours < 24) return `${hours} hours`;
  const days = Math.ceil(hours / 24);
  return days === 1 ? 'a day' : `${days} days`;
}

/** The next opening after `now`: its date and time in the bakery's zone, or null within the horizon. */
export function nextOpening(facts: BakeryData, now: Date): { date: string; opens: string } | null {
  const here = wallClock(facts, now);
  for (let ahead = 0; ahead <= NEXT_OPENING_HORIZON_DAYS; ahead++) {
    const hours = hoursOn(facts, addDays(here.date, ahead));
    if (!hours.open || hours.opens === null || hours.closes === null) continue;
    if (ahead === 0 && hours.opens <= here.time) continue;
    return { date: hours.date, opens: hours.opens };
  }
  return null;
}

/** "today at 4 pm", "tomorrow at 7 am", "Wednesday at 7 am", or a dated day beyond a week. */
function wordOpening(facts: BakeryData, now: Date, next: { date: string; opens: string }): string {
  const wording = wordingOf(facts);
  const today = wallClock(facts, now).date;
  const at = wordTime(next.opens, wording);
  if (next.date === today) return `today at ${at}`;
  if (next.date === addDays(today, 1)) return `tomorrow at ${at}`;
  if (next.date < addDays(today, 7)) return `${wordWeekday(next.date, wording)} at ${at}`;
  return `${wordDate(next.date, wording, today)} at ${at}`;
}

/** The line itself, or null when there is nothing honest to say (open, too few replies yet). */
export function waitingLine({
  facts,
  now,
  replies,
}: {
  facts: BakeryData;
  now: Date;
  replies: FirstReply[];
}): string | null {
  if (openAt(facts, now)) {
    const typical = typicalReplyMs(facts, replies, now);
    return typical === null ? null : `We usually answer within ${friendlyWait(typical)}.`;
  }
  const next = nextOpening(facts, now);
  return next === null
    ? 'We’re closed now.'
    : `We’re closed now; we open again ${wordOpening(facts, now, next)}.`;
}
