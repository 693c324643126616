/**
 * The live ticket page's rules: how many streams a server keeps open, when a watching page is
 * told its conversation changed, when it gives the stream up for polling, and what a screen
 * reader hears when a reply arrives. The stream itself says only "changed"; the page then
 * renders itself again on the server, the one place that reads the thread.
 */

/**
 * A customer has a tab or two open; beyond this one link gets no more streams (its pages poll),
 * so a stranger holding one link cannot take every connection the process has.
 */
export const TICKET_STREAMS_PER_TICKET = 4;
/** All ticket pages one server process streams to at once; later ones poll instead. */
export const TICKET_STREAMS_PER_PROCESS = 200;

/** Whether one more ticket stream may open, given those open now. */
export function ticketStreamAllowed({
  open,
  openForTicket,
}: {
  open: number;
  openForTicket: number;
}): boolean {
  return open < TICKET_STREAMS_PER_PROCESS && openForTicket < TICKET_STREAMS_PER_TICKET;
}

/** The newest message id the page was rendered with (`?seen=`), or null when absent or not one. */
export function readSeen(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * Whether a page that shows messages up to `seen` must render again, now that the newest message
 * it would show is `newestShownId`. A page that said nothing takes the first reading as its own.
 */
export function pageIsBehind(seen: number | null, newestShownId: number): boolean {
  return seen !== null && seen !== newestShownId;
}

/** How long until a reply held for undo appears, so the watch looks again just after. */
export function msUntilRelease(releaseAt: Date | null, now: Date): number | null {
  if (!releaseAt) return null;
  // A little after the release, so the page's own read sees the reply as released.
  return Math.max(0, releaseAt.getTime() - now.getTime()) + 50;
}

/** Seconds between a page's own reloads of the conversation when it cannot stream. */
export const TICKET_POLL_MS = 5_000;
/** Failed connections in a row after which a page stops streaming and polls. */
export const STREAM_FAILURES_BEFORE_POLLING = 3;

/**
 * Whether a page gives its stream up: the server refused it for good (EventSource closed it,
 * as after a 404 or a full server) or it kept failing.
 */
export function streamGivesUp({
  failures,
  closed,
}: {
  failures: number;
  closed: boolean;
}): boolean {
  return closed || failures >= STREAM_FAILURES_BEFORE_POLLING;
}

export type NewestReply = { from: string; text: string };

/**
 * What the page's live region says when replies appeared since it last looked (`known`: the
 * reply ids it had shown; `shown`: those it shows now): the newest reply alone, once, not the
 * whole thread; nothing when none is new.
 */
export function newReplyAnnouncement({
  known,
  shown,
  newest,
}: {
  known: readonly number[];
  shown: readonly number[];
  newest: NewestReply | null;
}): string | null {
  const before = new Set(known);
  if (!newest || shown.every((id) => before.has(id))) return null;
  return `New reply from ${newest.from}: ${newest.text}`;
}
