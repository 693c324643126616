'use server';

import { revalidatePath } from 'next/cache';
import { assignOnOpen, assignQuestion } from '@/db/assignment';
import { assignInput, openedInput } from '@/lib/inbox/assign-form';
import { action } from '@/server/action';
import { publishDeskEvent } from '@/server/drafting/live';
import { refused } from '../../_components/form-state';

/**
 * Staff and owners: assign a conversation to themselves, to a colleague, or to nobody. Any
 * staff member may hand a conversation to any current colleague, as on a shop floor.
 */
export const assignAction = action(
  { role: 'staff', input: assignInput },
  async ({ questionId, assignee, expected }, user) => {
    const result = await assignQuestion({
      questionId,
      assigneeId: assignee === 'me' ? user.id : assignee === 'nobody' ? null : assignee,
      expected: expected === 'nobody' ? null : expected,
      by: user.id,
      now: new Date(),
    });
    if (!result.ok) {
      const message =
        result.reason === 'changed'
          ? `Not changed: ${result.assignee ? `${result.assignee.id === user.id ? 'you' : result.assignee.name} took it` : 'it was unassigned'} just now. Check and try again.`
          : result.reason === 'noSuchPerson'
            ? 'That person is no longer on the staff.'
            : 'That question no longer exists.';
      return refused<'assignee'>(409, { message });
    }
    publishDeskEvent({ kind: 'queueChanged', questionId });
    revalidatePath('/inbox');
    revalidatePath(`/inbox/${questionId}`);
    const message = !result.assignee
      ? 'Unassigned: nobody looks after it now.'
      : `Assigned to ${result.assignee.id === user.id ? 'you' : result.assignee.name}.`;
    return { ok: true as const, message };
  },
);

/**
 * Staff and owners, as a question's page opens: with Settings' "assign on open", an open
 * question nobody looks after becomes the opener's. Called once per opening from the browser,
 * not while rendering, so a page's refresh (after an Unassign, say) never takes it back.
 */
export const takeOnOpenAction = action(
  { role: 'staff', input: openedInput },
  async ({ questionId }, user) => {
    const taken = await assignOnOpen({ questionId, userId: user.id, now: new Date() });
    if (!taken) return { ok: true as const, message: '', taken: false };
    publishDeskEvent({ kind: 'queueChanged', questionId });
    revalidatePath('/inbox');
    revalidatePath(`/inbox/${questionId}`);
    return { ok: true as const, message: 'Assigned to you as you opened it.', taken: true };
  },
);
