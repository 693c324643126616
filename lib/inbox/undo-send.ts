import { z } from 'zod';
import type { QuestionStatus } from '../domain';

/**
 * Undo send: a sent reply is held for a few seconds (the bakery's `undoSendSeconds`) before
 * anything of it reaches the customer, so its sender can take it back.
 */

/** The longest hold the owner may choose: long enough to reread, short enough not to delay. */
export const MAX_UNDO_SEND_SECONDS = 60;
export const DEFAULT_UNDO_SEND_SECONDS = 10;

/** When a reply sent at `now` is released; null sends at once (a hold of 0, or none given). */
export function holdUntil(now: Date, seconds: number | undefined): Date | null {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
  return new Date(now.getTime() + Math.round(seconds * 1000));
}

/** Whether a reply is still held at `now`: its ticket page and email wait until it is not. */
export function isHeld(heldUntil: Date | null, now: Date): boolean {
  return heldUntil !== null && heldUntil.getTime() > now.getTime();
}

/** Whole seconds left of a hold, for the countdown: never negative, 1 until the very end. */
export function secondsLeft(heldUntil: Date, now: Date): number {
  return Math.max(0, Math.ceil((heldUntil.getTime() - now.getTime()) / 1000));
}

/**
 * Where an undone reply leaves its question. It was open when sent: a drafted or failed
 * question goes back as it was; one still queued or being drafted goes back as drafted, since
 * its editor now holds the sender's text (sending had ended the draft's claim).
 */
export function statusAfterUndo(before: QuestionStatus | undefined): QuestionStatus {
  return before === 'failed' ? 'failed' : 'drafted';
}

/** What the sender reads once a held reply is sent: where it stands and how to take it back. */
export function heldMessage(seconds: number, emailedTo: string | null): string {
  const where = emailedTo
    ? `the customer's ticket page and by email to ${emailedTo}`
    : "the customer's ticket page";
  return `Sent. It goes to ${where} in ${seconds} seconds unless you undo it.`;
}

/** The owner's setting, in Settings. */
export const undoSendInput = z.object({
  undoSendSeconds: z.coerce
    .number({ error: `Enter a number of seconds, 0 to ${MAX_UNDO_SEND_SECONDS}.` })
    .int({ error: 'Enter whole seconds.' })
    .min(0, { error: 'Enter 0 or more seconds (0 sends at once).' })
    .max(MAX_UNDO_SEND_SECONDS, {
      error: `Keep it at ${MAX_UNDO_SEND_SECONDS} seconds or under.`,
    }),
});

/** Undo of one held reply. */
export const undoInput = z.object({
  replyId: z.coerce
    .number({ error: 'Choose a reply.' })
    .int({ error: 'Choose a reply.' })
    .positive({ error: 'Choose a reply.' }),
});
