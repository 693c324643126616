import 'server-only';
import { ticketMarks } from '@/db/ticket-watch';
import { msUntilRelease, pageIsBehind, ticketStreamAllowed } from '@/lib/ticket/live';
import { inboxFeedSettled, subscribeInboxFeed } from '@/server/inbox-feed';

/**
 * The ticket pages' live news for this server process. It rides on the inbox feed (desk events
 * in this process, other processes' commits through its one change check) and, when that says
 * a watched conversation may have changed, reads the newest message each watched page would show;
 * a page whose newest differs from what it shows is told "changed", nothing more. A reply held
 * for undo writes nothing when it is released, so the watch also looks again at its release.
 */
type Watcher = { seen: number | null; nudge: () => void };
type Watch = { watchers: Set<Watcher>; releaseTimer?: ReturnType<typeof setTimeout> };
type TicketFeed = {
  watches: Map<number, Watch>;
  open: number;
  stopFeed?: () => void;
  /** Conversations to read again, gathered while a read is running. */
  pending: Set<number>;
  /** The read under way, if one is. */
  reading?: Promise<void>;
};

const holder = globalThis as unknown as { __bakeryTicketFeed?: TicketFeed };

function ticketFeed(): TicketFeed {
  holder.__bakeryTicketFeed ??= { watches: new Map(), open: 0, pending: new Set() };
  return holder.__bakeryTicketFeed;
}

function recheck(feed: TicketFeed, questionIds: Iterable<number>): void {
  for (const id of questionIds) if (feed.watches.has(id)) feed.pending.add(id);
  if (feed.reading) return;
  // A page may have closed since its conversation was put in `pending`.
  const ids = [...feed.pending].filter((id) => feed.watches.has(id));
  feed.pending.clear();
  if (ids.length === 0) return;
  // Not awaited (called from events and timers): the read catches its own errors, and news
  // that comes meanwhile waits in `pending` for the next read.
  feed.reading = (async () => {
    try {
      const now = new Date();
      const marks = await ticketMarks({ questionIds: ids, now });
      for (const [id, mark] of marks) {
        const watch = feed.watches.get(id);
        if (!watch) continue;
        for (const watcher of watch.watchers) {
          if (pageIsBehind(watcher.seen, mark.newestShownId)) watcher.nudge();
          watcher.seen = mark.newestShownId;
        }
        clearTimeout(watch.releaseTimer);
        const wait = msUntilRelease(mark.nextReleaseAt, now);
        if (wait !== null) {
          watch.releaseTimer = setTimeout(() => recheck(feed, [id]), wait);
          watch.releaseTimer.unref();
        }
      }
    } catch {
      // A busy or closing database: the next news, or the page's keep-alive, looks again.
    } finally {
      feed.reading = undefined;
      if (feed.pending.size > 0) recheck(feed, []);
    }
  })();
}

function startFeed(feed: TicketFeed): () => void {
  return subscribeInboxFeed((message) => {
    if (message.event !== 'queue') return;
    const { questionId } = message.data;
    recheck(feed, questionId === null ? feed.watches.keys() : [questionId]);
  });
}

export type TicketWatch = {
  /** Starts telling `nudge`; news found before this is told at once. */
  listen: (nudge: () => void) => void;
  /** Looks at the conversation again now (the stream's keep-alive). */
  look: () => void;
  close: () => void;
};

/**
 * Watches one conversation for a page showing messages up to `seen`, or null when the server
 * already streams to as many pages as it allows (that page polls instead).
 */
export function watchTicket({
  questionId,
  seen,
}: {
  questionId: number;
  seen: number | null;
}): TicketWatch | null {
  const feed = ticketFeed();
  const watch = feed.watches.get(questionId) ?? { watchers: new Set() };
  if (!ticketStreamAllowed({ open: feed.open, openForTicket: watch.watchers.size })) return null;
  let told = false;
  let listener: (() => void) | null = null;
  const watcher: Watcher = {
    seen,
    nudge: () => {
      if (listener) listener();
      else told = true;
    },
  };
  watch.watchers.add(watcher);
  feed.watches.set(questionId, watch);
  feed.open++;
  feed.stopFeed ??= startFeed(feed);
  // Read once the feed watches for changes, so none falls between this reading and its own.
  void inboxFeedSettled().then(() => recheck(feed, [questionId]));
  let closed = false;
  return {
    listen: (nudge) => {
      listener = nudge;
      if (told) nudge();
    },
    look: () => recheck(feed, [questionId]),
    close: () => {
      if (closed) return;
      closed = true;
      listener = null;
      feed.open--;
      watch.watchers.delete(watcher);
      if (watch.watchers.size === 0) {
        clearTimeout(watch.releaseTimer);
        feed.watches.delete(questionId);
      }
      if (feed.watches.size === 0) {
        feed.stopFeed?.();
        feed.stopFeed = undefined;
      }
    },
  };
}

/** Ticket streams open in this process now. */
export function openTicketStreams(): number {
  return ticketFeed().open;
}

/** Settles when no reading is under way (a database about to close has no reader left). */
export async function ticketReadsSettled(): Promise<void> {
  const feed = ticketFeed();
  while (feed.reading) await feed.reading;
}
