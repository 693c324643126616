'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { secondsLeft } from '@/lib/inbox/undo-send';
import { undoSendAction } from './undo-send-actions';

export type HeldReply = { replyId: number; questionId: number; heldUntil: string };

/**
 * The person's own replies still held for undo, on every staff page (so "next after send" keeps
 * it in view): a countdown and an Undo button each. Undo brings the question back with the text
 * in its editor; once the countdown ends the reply is the customer's and the bar goes.
 */
export function UndoSendBar({ held }: { held: HeldReply[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const [now, setNow] = useState(() => Date.now());
  const [pending, startTransition] = useTransition();
  const [said, setSaid] = useState<{ ok: boolean; message: string } | null>(null);
  const [undone, setUndone] = useState<number[]>([]);

  const showing = held.filter(
    (reply) => !undone.includes(reply.replyId) && Date.parse(reply.heldUntil) > now,
  );
  const ticking = showing.length > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [ticking]);

  const undo = (reply: HeldReply) =>
    startTransition(async () => {
      const formData = new FormData();
      formData.set('replyId', String(reply.replyId));
      const result = await undoSendAction(undefined, formData);
      if (result?.ok) {
        setUndone((list) => [...list, reply.replyId]);
        setSaid({ ok: true, message: result.message });
        // Back to the question, whose editor now holds the text (already there: just refresh).
        const target = `/inbox/${result.questionId}`;
        if (pathname === target) router.refresh();
        else router.push(target);
      } else {
        setSaid({ ok: false, message: result?.message ?? 'Could not undo.' });
      }
    });

  return (
    <div data-testid="undo-send" className="flex flex-col gap-2">
      <div aria-live="polite">
        {showing.map((reply) => (
          <p
            key={reply.replyId}
            className="flex flex-wrap items-center gap-3 rounded-md border border-stone-300 bg-stone-900 px-3 py-2 text-white"
            data-testid="undo-send-held"
          >
            <span>
              Your reply to question #{reply.questionId} is held.{' '}
              <span
                role="timer"
                aria-live="off"
                data-testid="undo-send-countdown"
                suppressHydrationWarning
              >
                Sending in {secondsLeft(new Date(reply.heldUntil), new Date(now))} s
              </span>
            </span>
            <button
              type="button"
              disabled={pending}
              onClick={() => undo(reply)}
              className="rounded-md bg-white px-3 py-1 text-sm font-semibold text-stone-900 hover:bg-amber-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-amber-300 disabled:opacity-60"
            >
              Undo
            </button>
          </p>
        ))}
      </div>
      {said ? (
        <p
          role={said.ok ? 'status' : 'alert'}
          data-testid={said.ok ? 'undo-send-ok' : 'undo-send-error'}
          className={`rounded-md px-3 py-2 ${said.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
        >
          {said.message}
        </p>
      ) : null}
    </div>
  );
}
