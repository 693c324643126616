import type { QuestionStatus } from '../domain';

/**
 * When the customer wrote again after the message the current draft answers: that draft is
 * stale for a reason no redraft of the same messages fixes, and a new draft is on its way.
 * Null when the draft answers the newest message, or when there is nothing left to answer.
 */
export function customerWroteAgain(input: {
  status: QuestionStatus;
  run: { answeredMessageId: number | null } | null;
  latest: { id: number; at: Date } | null;
}): Date | null {
  if (input.status === 'sent' || input.status === 'discarded') return null;
  const answered = input.run?.answeredMessageId ?? null;
  if (answered === null || input.latest === null) return null;
  return input.latest.id > answered ? input.latest.at : null;
}
