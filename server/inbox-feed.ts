import 'server-only';
import { otherConnectionsCommitCount } from '@/db/client';
import { inboxChangeStamp } from '@/db/inbox';
import type { AgentEvent } from '@/lib/agent/types';
import type { PresenceItem } from '@/lib/presence/presence';
import { onDeskEvent } from '@/server/drafting/live';

/**
 * The inbox's live feed for this server process. Open inbox tabs subscribe; the feed relays the
 * in-process desk events (a question arrived or changed, a draft is being written) and, so that a
 * separately run worker or another server's changes also show, reads the database's count of
 * other connections' commits every quarter second (constant time: SQLite's data version, or on
 * PostgreSQL the commits its change notices announced), and only when it moved compares the
 * questions table's change stamp. One bus listener and one timer serve every subscriber,
 * and both stop when the last one leaves.
 */
export type FeedMessage =
  | { event: 'queue'; data: { questionId: number | null } }
  | { event: 'progress'; data: { questionId: number; event: AgentEvent } }
  // Who is on which question, whole, whenever it changes (server/presence.ts).
  | { event: 'presence'; data: { items: PresenceItem[] } };

export const FEED_POLL_MS = 250;

type Feed = {
  listeners: Set<(message: FeedMessage) => void>;
  stop?: () => void;
  /** The reading under way, if one is (the first sets what later changes are compared with). */
  reading?: Promise<void>;
  shutdown: AbortController;
};

const holder = globalThis as unknown as { __bakeryInboxFeed?: Feed };

function feed(): Feed {
  if (!holder.__bakeryInboxFeed) {
    const shutdown = new AbortController();
    holder.__bakeryInboxFeed = { listeners: new Set(), shutdown };
    // An open stream keeps `next start` from exiting on SIGTERM until its client leaves:
    // closing every stream is synchronous, so it is safe beside Next's own handler.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => shutdown.abort());
    }
  }
  return holder.__bakeryInboxFeed;
}

/** Aborted when the server is shutting down: streams close themselves on it. */
export function feedShutdownSignal(): AbortSignal {
  return feed().shutdown.signal;
}

/** Sends a message to every open tab on this server (presence has no desk event of its own). */
export function publishFeed(message: FeedMessage): void {
  broadcast(message);
}

function broadcast(message: FeedMessage): void {
  for (const listener of feed().listeners) listener(message);
}

function start(current: Feed): () => void {
  const unsubscribe = onDeskEvent((event) => {
    if (event.kind === 'queueChanged') {
      broadcast({ event: 'queue', data: { questionId: event.questionId } });
    } else {
      broadcast({ event: 'progress', data: { questionId: event.questionId, event: event.event } });
    }
  });
  let stamp = '';
  let commits = -1;
  let stopped = false;
  // One read at a time: a tick that comes while the last read still waits for the database (a
  // transaction elsewhere in this process holds it) is skipped, and the next tick reads again.
  const read = (work: () => Promise<void>) => {
    // Deliberately not awaited (a timer cannot wait): the reads catch their own errors, and
    // `reading` keeps the next tick from starting another until this one ends.
    const reading = work().finally(() => {
      if (current.reading === reading) current.reading = undefined;
    });
    current.reading = reading;
  };
  read(async () => {
    stamp = await safeStamp();
    commits = await safeCommitCount();
  });
  const timer = setInterval(() => {
    if (current.reading) return;
    read(async () => {
      const moved = await safeCommitCount();
      if (moved === commits) return;
      commits = moved;
      const next = await safeStamp();
      if (next !== stamp) {
        stamp = next;
        if (!stopped) broadcast({ event: 'queue', data: { questionId: null } });
      }
    });
  }, FEED_POLL_MS);
  timer.unref();
  return () => {
    stopped = true;
    unsubscribe();
    clearInterval(timer);
    current.stop = undefined;
  };
}

async function safeCommitCount(): Promise<number> {
  try {
    return await otherConnectionsCommitCount();
  } catch {
    return -1;
  }
}

async function safeStamp(): Promise<string> {
  try {
    return await inboxChangeStamp();
  } catch {
    // A busy or closing database: try again at the next tick.
    return '';
  }
}

/**
 * Settles when the feed has no reading under way: once it has its first readings, so a
 * subscriber that reads the database after this misses nothing written in between (and a
 * database about to close has no reader left).
 */
export async function inboxFeedSettled(): Promise<void> {
  const current = feed();
  while (current.reading) await current.reading;
}

export function subscribeInboxFeed(listener: (message: FeedMessage) => void): () => void {
  const current = feed();
  current.listeners.add(listener);
  current.stop ??= start(current);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0) current.stop?.();
  };
}
