'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import type { AgentEvent } from '@/lib/agent/types';
import type { PresenceItem } from '@/lib/presence/presence';

export type FeedState = 'connecting' | 'open' | 'reconnecting';

type Handlers = {
  onQueue?: (questionId: number | null) => void;
  onProgress?: (questionId: number, event: AgentEvent) => void;
  onPresence?: (items: PresenceItem[]) => void;
};

/**
 * One EventSource per tab, shared by every part of the page that listens (the list or the
 * question, presence): a browser opens only about six connections to a server at once, and
 * each open stream holds one, so a stream per component would soon leave a second tab's
 * requests waiting. Closed when the last listener leaves.
 */
type Listener = {
  handlers: { current: Handlers };
  setState: (state: FeedState) => void;
};

type Shared = {
  source: EventSource;
  listeners: Set<Listener>;
  state: FeedState;
  /** The last presence list, for a listener that joins after it was sent. */
  presence: PresenceItem[] | null;
};

let shared: Shared | null = null;

function connect(): Shared {
  const source = new EventSource('/api/inbox/events');
  const feed: Shared = { source, listeners: new Set(), state: 'connecting', presence: null };
  const each = (work: (listener: Listener) => void) => {
    for (const listener of feed.listeners) work(listener);
  };
  const setState = (state: FeedState) => {
    feed.state = state;
    each((listener) => listener.setState(state));
  };
  source.addEventListener('ready', () => {
    setState('open');
    // What changed between the page's render and this connection (or while it was down)
    // sent no event here: read the page once more now that nothing further can be missed.
    each((listener) => listener.handlers.current.onQueue?.(null));
  });
  source.addEventListener('error', () => setState('reconnecting'));
  source.addEventListener('queue', (message) => {
    const data = JSON.parse((message as MessageEvent<string>).data) as {
      questionId: number | null;
    };
    each((listener) => listener.handlers.current.onQueue?.(data.questionId));
  });
  source.addEventListener('progress', (message) => {
    const data = JSON.parse((message as MessageEvent<string>).data) as {
      questionId: number;
      event: AgentEvent;
    };
    each((listener) => listener.handlers.current.onProgress?.(data.questionId, data.event));
  });
  source.addEventListener('presence', (message) => {
    const data = JSON.parse((message as MessageEvent<string>).data) as { items: PresenceItem[] };
    feed.presence = data.items;
    each((listener) => listener.handlers.current.onPresence?.(data.items));
  });
  return feed;
}

/**
 * Listens to /api/inbox/events. EventSource reconnects by itself when the stream drops (a
 * restart, a network blip); the state says so, so a page never looks live when it is not.
 */
export function useInboxFeed(handlers: Handlers): FeedState {
  const [state, setState] = useState<FeedState>('connecting');
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    shared ??= connect();
    const feed = shared;
    const listener: Listener = { handlers: latest, setState };
    feed.listeners.add(listener);
    setState(feed.state);
    if (feed.state === 'open') {
      // Joined a stream already open: what it announced before is read once, as on `ready`.
      latest.current.onQueue?.(null);
      if (feed.presence) latest.current.onPresence?.(feed.presence);
    }
    return () => {
      feed.listeners.delete(listener);
      if (feed.listeners.size === 0) {
        feed.source.close();
        if (shared === feed) shared = null;
      }
    };
  }, []);

  return state;
}

/** Re-renders the page's server components, at most a few times a second. */
export function useDebouncedRefresh(delayMs = 250): () => void {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => router.refresh(), delayMs);
  };
}

export function LiveBadge({ state }: { state: FeedState }) {
  const label =
    state === 'open' ? 'Live' : state === 'connecting' ? 'Connecting…' : 'Reconnecting…';
  return (
    <span
      data-testid="live-status"
      data-state={state}
      className="inline-flex items-center gap-1.5 rounded-full border border-stone-200 bg-white px-2 py-0.5 text-xs text-stone-700"
    >
      <span
        aria-hidden
        className={`size-2 rounded-full ${state === 'open' ? 'bg-green-600' : 'animate-pulse bg-amber-500'}`}
      />
      {label}
    </span>
  );
}
