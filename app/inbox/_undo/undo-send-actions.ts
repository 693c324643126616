'use server';

import { revalidatePath } from 'next/cache';
import { undoHeldReply } from '@/db/undo-send';
import { undoInput } from '@/lib/inbox/undo-send';
import { action } from '@/server/action';
import { publishDeskEvent } from '@/server/drafting/live';
import { refused } from '../../_components/form-state';

const undoRefusals = {
  released:
    'Too late to undo: the hold is over and the reply has gone to the customer. Write a follow-up instead.',
  notYours: 'Only the person who sent this reply can undo it.',
  notFound: 'That reply was already taken back, or no longer exists.',
} as const;

/**
 * Staff and owners. Takes back their own reply while it is held: nothing of it reached the
 * customer, its text goes back into the question's editor.
 */
export const undoSendAction = action(
  { role: 'staff', input: undoInput },
  async ({ replyId }, user) => {
    const result = await undoHeldReply({ replyId, userId: user.id, now: new Date() });
    if (!result.ok) return refused<'replyId'>(409, { message: undoRefusals[result.reason] });
    publishDeskEvent({ kind: 'queueChanged', questionId: result.questionId });
    revalidatePath('/inbox');
    revalidatePath(`/inbox/${result.questionId}`);
    return {
      ok: true as const,
      message: 'Undone: nothing was sent. Your text is back in the editor.',
      questionId: result.questionId,
    };
  },
);
