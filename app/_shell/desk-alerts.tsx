'use client';

import { useEffect, useRef, useState } from 'react';
import {
  type AlertSummary,
  alertKey,
  newArrivals,
  notificationOf,
} from '@/lib/alerts/new-arrivals';
import { badgedIconHref, needsReviewWords, titleWithCount } from '@/lib/alerts/title';
import { useInboxFeed } from '../inbox/_components/use-inbox-feed';

const STORE = 'bakery-desk-alerts';
const KEEP_ANNOUNCED = 200;

type Seen = { since: number; announced: string[] };

// Per tab, so moving between pages neither repeats an alert nor loses one that came meanwhile.
function readSeen(): Seen | null {
  try {
    const raw = sessionStorage.getItem(STORE);
    const parsed = raw ? (JSON.parse(raw) as Seen) : null;
    return parsed && typeof parsed.since === 'number' && Array.isArray(parsed.announced)
      ? parsed
      : null;
  } catch {
    return null;
  }
}

function writeSeen(seen: Seen): void {
  try {
    sessionStorage.setItem(
      STORE,
      JSON.stringify({ since: seen.since, announced: seen.announced.slice(-KEEP_ANNOUNCED) }),
    );
  } catch {
    // Private modes may refuse storage: alerts still work for this page.
  }
}

function chime(): void {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.12, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = () => void audio.close();
  } catch {
    // No sound where the browser allows none (before any click on the page).
  }
}

/**
 * On every staff page: the tab's title and icon carry the count needing review, and a new
 * question or a customer's follow-up that needs review sounds and notifies, as the person chose.
 * Live through the inbox's feed: each change there (and its first connection) reads the
 * summary again.
 */
export function DeskAlerts({
  initialCount,
  sound,
  notifications,
}: {
  initialCount: number;
  sound: boolean;
  notifications: boolean;
}) {
  const [count, setCount] = useState(initialCount);
  const choices = useRef({ sound, notifications });
  const readSoon = useRef<() => void>(() => {});
  choices.current = { sound, notifications };

  // The title and icon follow the count, and are put back whenever the page retitles itself.
  useEffect(() => {
    const apply = () => {
      const title = titleWithCount(document.title, count);
      if (document.title !== title) document.title = title;
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')) {
        link.dataset.plainHref ??= link.getAttribute('href') ?? '';
        const href = count > 0 ? badgedIconHref(count) : link.dataset.plainHref;
        if (link.getAttribute('href') !== href) {
          link.setAttribute('href', href);
          if (count > 0) link.setAttribute('type', 'image/svg+xml');
        }
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [count]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reading = false;
    let again = false;

    const announce = (summary: AlertSummary) => {
      const seen = readSeen() ?? { since: summary.newestMessageId, announced: [] };
      const fresh = newArrivals(summary, seen.since, new Set(seen.announced));
      writeSeen({ since: seen.since, announced: [...seen.announced, ...fresh.map(alertKey)] });
      if (fresh.length === 0) return;
      if (choices.current.sound) chime();
      if (
        choices.current.notifications &&
        typeof Notification !== 'undefined' &&
        Notification.permission === 'granted'
      ) {
        for (const message of fresh.slice(0, 3)) {
          const { title, body } = notificationOf(message);
          // The tag lets the person's other tabs replace this one rather than repeat it.
          const shown = new Notification(title, { body, tag: `question-${alertKey(message)}` });
          shown.onclick = () => {
            window.focus();
            window.location.assign(`/inbox/${message.questionId}`);
          };
        }
      }
    };

    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        const response = await fetch('/api/inbox/alerts', { cache: 'no-store' });
        if (!response.ok || stopped) return;
        const summary = (await response.json()) as AlertSummary;
        if (stopped) return;
        setCount(summary.needsReview);
        announce(summary);
      } catch {
        // The next change in the feed reads again.
      } finally {
        reading = false;
        if (again && !stopped) {
          again = false;
          void read();
        }
      }
    };
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void read(), 200);
    };

    readSoon.current = soon;
    return () => {
      stopped = true;
      clearTimeout(timer);
      readSoon.current = () => {};
    };
  }, []);
  // The page's one live stream, shared with the inbox's own listeners: a stream per
  // component would hold one of the browser's few connections to the desk each.
  useInboxFeed({ onQueue: () => readSoon.current() });

  return (
    <a
      href="/inbox"
      className="shrink-0 whitespace-nowrap rounded-full bg-stone-100 px-2 py-0.5 text-sm text-stone-800 underline-offset-2 hover:underline"
      data-testid="needs-review-count"
      data-count={count}
    >
      {needsReviewWords(count)}
    </a>
  );
}
