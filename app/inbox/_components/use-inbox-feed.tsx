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
 * Listens to /api/inbox/events. EventSource reconnects by itself when the stream drops (a
 * restart, a network blip); the state says so, so a page never looks live when it is not.
 */
export function useInboxFeed(handlers: Handlers): FeedState {
  const [state, setState] = useState<FeedState>('connecting');
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const source = new EventSource('/api/inbox/events');
    source.addEventListener('ready', () => {
      setState('open');
      // What changed between the page's render and this connection (or while it was down)
      // sent no event here: read the page once more now that nothing further can be missed.
      latest.current.onQueue?.(null);
    });
    source.addEventListener('error', () => setState('reconnecting'));
    source.addEventListener('queue', (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as {
        questionId: number | null;
      };
      latest.current.onQueue?.(data.questionId);
    });
    source.addEventListener('progress', (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as {
        questionId: number;
        event: AgentEvent;
      };
      latest.current.onProgress?.(data.questionId, data.event);
    });
    source.addEventListener('presence', (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as { items: PresenceItem[] };
      latest.current.onPresence?.(data.items);
    });
    return () => source.close();
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
