'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  colleaguesOn,
  type PresenceItem,
  presenceSentences,
  sendAnywayQuestion,
} from '@/lib/presence/presence';
import { useInboxFeed } from './use-inbox-feed';

/**
 * Who is on what, in the browser. One store per tab holds the feed's presence list and who this
 * tab's person is, so a row, the question's line and the send dialog read it wherever they sit
 * on the page; a question's page also sends this tab's heartbeats (there, typing or not).
 */
type Snapshot = { items: PresenceItem[]; selfUserId: number };

let snapshot: Snapshot = { items: [], selfUserId: 0 };
const listeners = new Set<() => void>();

function update(next: Partial<Snapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: Snapshot = { items: [], selfUserId: 0 };

function usePresence(): Snapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => serverSnapshot,
  );
}

/** Listens for presence on the feed; mount once per page, with the signed-in person's id. */
export function PresenceFeed({ selfUserId }: { selfUserId: number }) {
  useEffect(() => update({ selfUserId }), [selfUserId]);
  useInboxFeed({ onPresence: (items) => update({ items }) });
  return null;
}

/** "Ana is viewing" in an inbox row. */
export function RowPresence({ questionId }: { questionId: number }) {
  const { items, selfUserId } = usePresence();
  const sentences = presenceSentences(colleaguesOn(items, questionId, selfUserId));
  if (sentences.length === 0) return null;
  return (
    <span
      className="shrink-0 rounded-full bg-sky-100 px-2 py-0.5 text-xs text-sky-950"
      data-testid="row-presence"
    >
      {sentences.join('; ')}
    </span>
  );
}

/** The line on a question's page saying which colleagues are on it. */
export function QuestionPresence({ questionId }: { questionId: number }) {
  const { items, selfUserId } = usePresence();
  const sentences = presenceSentences(colleaguesOn(items, questionId, selfUserId));
  return (
    <p aria-live="polite" className="text-sm text-sky-950" data-testid="question-presence">
      {sentences.length > 0 ? `${sentences.join('. ')}.` : ''}
    </p>
  );
}

/** "Ana is writing a reply. Send anyway?" while a colleague types on this question; else null. */
export function useSendAnyway(questionId: number): string | null {
  const { items, selfUserId } = usePresence();
  return sendAnywayQuestion(colleaguesOn(items, questionId, selfUserId).writing);
}

/** How long after the last keystroke a person still counts as writing. */
const TYPING_LINGERS_MS = 15_000;

let typingListener: (() => void) | null = null;

/** Call on every keystroke in the reply editor: colleagues see "writing a reply" for a while. */
export function noteTyping(): void {
  typingListener?.();
}

function newTabId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function post(body: unknown, keepalive = false): Promise<void> {
  try {
    const response = await fetch('/api/inbox/presence', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive,
    });
    if (response.ok)
      update({ items: ((await response.json()) as { items: PresenceItem[] }).items });
  } catch {
    // Offline for a moment: the next heartbeat tries again, and colleagues see this tab expire.
  }
}

/**
 * Sends this tab's heartbeats for a question every `heartbeatMs`, and at once when typing
 * starts or stops. Leaving for another page of the desk says goodbye; a closed tab just stops,
 * and the server forgets it when its last heartbeat expires.
 */
export function QuestionHeartbeat({
  questionId,
  heartbeatMs,
}: {
  questionId: number;
  heartbeatMs: number;
}) {
  const [typing, setTyping] = useState(false);
  const tabId = useRef<string | null>(null);

  useEffect(() => {
    let stop: ReturnType<typeof setTimeout> | undefined;
    typingListener = () => {
      setTyping(true);
      clearTimeout(stop);
      stop = setTimeout(() => setTyping(false), TYPING_LINGERS_MS);
    };
    return () => {
      typingListener = null;
      clearTimeout(stop);
      if (tabId.current) void post({ kind: 'leave', tabId: tabId.current }, true);
    };
  }, []);

  useEffect(() => {
    tabId.current ??= newTabId();
    const id = tabId.current;
    const beat = () => post({ kind: 'here', tabId: id, questionId, typing });
    void beat();
    const timer = setInterval(beat, heartbeatMs);
    return () => clearInterval(timer);
  }, [questionId, typing, heartbeatMs]);

  return null;
}

/** In the send confirmation: "Ana is writing a reply. Send anyway?" while a colleague types. */
export function SendAnywayNotice({ questionId }: { questionId: number }) {
  const question = useSendAnyway(questionId);
  if (!question) return null;
  return (
    <p
      className="mt-2 rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-950 ring-1 ring-amber-300"
      data-testid="send-anyway"
    >
      {question}
    </p>
  );
}
