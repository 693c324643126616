'use server';

import { revalidatePath } from 'next/cache';
import { addConversationNote } from '@/db/conversation-notes';
import { noteInput } from '@/lib/notes/forms';
import { action } from '@/server/action';
import { publishDeskEvent } from '@/server/drafting/live';
import { refused } from '../../_components/form-state';

/**
 * Staff and owners. A note for colleagues on a conversation: stored apart from the messages, so
 * it is never sent, never on the ticket page and never counted as a reply.
 */
export const addNoteAction = action(
  { role: 'staff', input: noteInput },
  async ({ questionId, text }, user, typed) => {
    const added = await addConversationNote({
      questionId,
      authorId: user.id,
      text,
      now: new Date(),
    });
    if (!added.ok)
      return refused<'text'>(409, { message: 'That question no longer exists.' }, typed);
    // Colleagues with the question open see the note without reloading.
    publishDeskEvent({ kind: 'queueChanged', questionId });
    revalidatePath(`/inbox/${questionId}`);
    return { ok: true as const, message: 'Note added. Only staff see it.' };
  },
);
