'use server';

import { revalidatePath } from 'next/cache';
import { bulkAssign, bulkDiscard, bulkLabel } from '@/db/bulk';
import { addConversationLabel, removeConversationLabel } from '@/db/labels';
import {
  bulkAssignInput,
  bulkDiscardInput,
  bulkLabelInput,
  changedRowsMessage,
} from '@/lib/inbox/bulk';
import { conversationLabelInput } from '@/lib/inbox/labels';
import { action } from '@/server/action';
import { publishDeskEvent } from '@/server/drafting/live';
import { refused } from '../../_components/form-state';

const labelRefusals = {
  noQuestion: 'That question no longer exists.',
  noLabel: 'That label no longer exists. Reload the page to see the labels there are.',
} as const;

function changed(questionIds: number[]) {
  for (const questionId of questionIds) publishDeskEvent({ kind: 'queueChanged', questionId });
  revalidatePath('/inbox');
  for (const questionId of questionIds) revalidatePath(`/inbox/${questionId}`);
}

/** Staff and owners. Puts one of the owner's labels on a conversation. */
export const addLabelAction = action(
  { role: 'staff', input: conversationLabelInput },
  async ({ questionId, labelId }, user) => {
    const result = await addConversationLabel({
      questionId,
      labelId,
      by: user.id,
      now: new Date(),
    });
    if (!result.ok) return refused<'labelId'>(409, { message: labelRefusals[result.reason] });
    changed([questionId]);
    return {
      ok: true,
      message: result.changed ? 'Label added.' : 'It already had that label.',
    } as const;
  },
);

/** Staff and owners. Takes a label off a conversation. */
export const removeLabelAction = action(
  { role: 'staff', input: conversationLabelInput },
  async ({ questionId, labelId }, user) => {
    const result = await removeConversationLabel({
      questionId,
      labelId,
      by: user.id,
      now: new Date(),
    });
    if (!result.ok) return refused<'labelId'>(409, { message: labelRefusals[result.reason] });
    changed([questionId]);
    return { ok: true, message: 'Label removed.' } as const;
  },
);

/** Staff and owners. Discards every selected row with one reason, as shown, or none. */
export const bulkDiscardAction = action(
  { role: 'staff', input: bulkDiscardInput },
  async ({ rows, reason }, user, typed) => {
    const result = await bulkDiscard({ rows, reason, by: user.id, now: new Date() });
    if (!result.ok) {
      changed([]);
      return refused<'rows' | 'reason'>(
        409,
        {
          message:
            result.reason === 'changed' ? changedRowsMessage(result.ids) : 'Nothing was changed.',
        },
        typed,
      );
    }
    changed(rows.map((row) => row.id));
    return {
      ok: true,
      message: `Discarded ${result.changed} question${result.changed === 1 ? '' : 's'}.`,
    } as const;
  },
);

/** Staff and owners. Puts one label on every selected row, as shown, or on none. */
export const bulkLabelAction = action(
  { role: 'staff', input: bulkLabelInput },
  async ({ rows, labelId }, user) => {
    const result = await bulkLabel({ rows, labelId, by: user.id, now: new Date() });
    if (!result.ok) {
      changed([]);
      return refused<'rows' | 'labelId'>(409, {
        message:
          result.reason === 'changed'
            ? changedRowsMessage(result.ids)
            : 'That label no longer exists. Reload the page to see the labels there are.',
      });
    }
    changed(rows.map((row) => row.id));
    return {
      ok: true,
      message: `Labelled ${rows.length} question${rows.length === 1 ? '' : 's'}.`,
    } as const;
  },
);

/** Staff and owners. Assigns every selected row to one person, or to nobody, as shown, or none. */
export const bulkAssignAction = action(
  { role: 'staff', input: bulkAssignInput },
  async ({ rows, assignee }, user) => {
    const result = await bulkAssign({ rows, assigneeId: assignee, by: user.id, now: new Date() });
    if (!result.ok) {
      changed([]);
      return refused<'rows' | 'assignee'>(409, {
        message:
          result.reason === 'changed'
            ? changedRowsMessage(result.ids)
            : 'That person is no longer on the staff. Reload the page to see who is.',
      });
    }
    changed(rows.map((row) => row.id));
    const n = `${rows.length} question${rows.length === 1 ? '' : 's'}`;
    return {
      ok: true,
      message: assignee === null ? `Unassigned ${n}.` : `Assigned ${n}.`,
    } as const;
  },
);
