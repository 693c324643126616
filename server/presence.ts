import 'server-only';
import { env } from '@/lib/env';
import {
  emptyPresence,
  expire,
  heartbeat,
  leave,
  nextExpiry,
  type PresenceItem,
  type PresenceState,
  presenceItems,
  samePresence,
} from '@/lib/presence/presence';
import { publishFeed } from './inbox-feed';

/**
 * Who is on which question, kept in this server's memory and announced on its live feed.
 * Nothing is written to the database: presence is seconds old or nothing, and a restart
 * forgetting it costs one heartbeat. Servers sharing a database do not share it (each knows only
 * the tabs connected to it); see docs/presence.md.
 */
type Store = { state: PresenceState; items: PresenceItem[]; sweep?: ReturnType<typeof setTimeout> };

const holder = globalThis as unknown as { __bakeryPresence?: Store };

function store(): Store {
  holder.__bakeryPresence ??= { state: emptyPresence, items: [] };
  return holder.__bakeryPresence;
}

function settle(current: Store, state: PresenceState): void {
  current.state = expire(state, Date.now());
  const items = presenceItems(current.state);
  if (!samePresence(items, current.items)) {
    current.items = items;
    publishFeed({ event: 'presence', data: { items } });
  }
  // One timer, set for the next tab to expire: a closed tab is gone on time and an idle desk
  // keeps no timer at all.
  clearTimeout(current.sweep);
  current.sweep = undefined;
  const due = nextExpiry(current.state);
  if (due !== null) {
    current.sweep = setTimeout(
      () => settle(current, current.state),
      Math.max(0, due - Date.now()) + 5,
    );
    current.sweep.unref();
  }
}

export function presenceHeartbeat(tab: {
  tabId: string;
  userId: number;
  name: string;
  questionId: number;
  typing: boolean;
}): PresenceItem[] {
  const current = store();
  settle(current, heartbeat(current.state, tab, Date.now(), env().PRESENCE_EXPIRY_MS));
  return current.items;
}

export function presenceLeave({
  tabId,
  userId,
}: {
  tabId: string;
  userId: number;
}): PresenceItem[] {
  const current = store();
  settle(current, leave(current.state, tabId, userId));
  return current.items;
}

/** Everyone present now, for a tab that has just connected to the feed. */
export function currentPresence(): PresenceItem[] {
  const current = store();
  settle(current, current.state);
  return current.items;
}
