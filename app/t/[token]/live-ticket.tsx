'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import {
  type NewestReply,
  newReplyAnnouncement,
  streamGivesUp,
  TICKET_POLL_MS,
} from '@/lib/ticket/live';

/**
 * Keeps the ticket page current without a reload: it follows the ticket's event stream and,
 * told "changed", renders the page again on the server (the only reader of the thread). Without
 * EventSource, or when the stream keeps failing or is refused, it does the same every few
 * seconds while the tab is visible. A reply that arrives is announced once, politely, in the
 * status region this sits in.
 */
export function LiveTicket({
  token,
  seen,
  replyIds,
  newestReply,
}: {
  token: string;
  /** The newest message id the page was rendered with. */
  seen: number;
  replyIds: number[];
  newestReply: NewestReply | null;
}) {
  const router = useRouter();
  const firstSeen = useRef(seen);
  const known = useRef(replyIds);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const said = newReplyAnnouncement({
      known: known.current,
      shown: replyIds,
      newest: newestReply,
    });
    known.current = replyIds;
    if (said) setAnnouncement(said);
  }, [replyIds, newestReply]);

  useEffect(() => {
    const refresh = () => router.refresh();
    let poll: ReturnType<typeof setInterval> | undefined;
    let source: EventSource | undefined;
    let failures = 0;
    const startPolling = () => {
      source?.close();
      source = undefined;
      poll ??= setInterval(() => {
        if (document.visibilityState === 'visible') refresh();
      }, TICKET_POLL_MS);
    };
    if (typeof EventSource === 'undefined') {
      startPolling();
    } else {
      const opened = new EventSource(
        `/t/${encodeURIComponent(token)}/events?seen=${firstSeen.current}`,
      );
      source = opened;
      opened.addEventListener('changed', refresh);
      opened.onopen = () => {
        // Back after a failure: news may have come meanwhile.
        if (failures > 0) refresh();
        failures = 0;
      };
      opened.onerror = () => {
        failures++;
        if (streamGivesUp({ failures, closed: opened.readyState === EventSource.CLOSED })) {
          startPolling();
        }
      };
    }
    // A tab that comes back while polling catches up at once rather than at the next tick.
    const onVisible = () => {
      if (poll && document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      source?.close();
      clearInterval(poll);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token, router]);

  return (
    <p className="sr-only" data-testid="ticket-announcement">
      {announcement}
    </p>
  );
}
