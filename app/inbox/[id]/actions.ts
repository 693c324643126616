'use server';

import { revalidatePath } from 'next/cache';
import { getBakery } from '@/db/bakery';
import { mergeConversation } from '@/db/conversation-merge';
import { discardQuestion, saveDraftEdit } from '@/db/drafts';
import { resendEmail } from '@/db/outbox';
import { replaceTicketToken } from '@/db/questions';
import { requeueQuestion } from '@/db/queue';
import { sendReply } from '@/db/replies';
import { getUndoSendSeconds } from '@/db/undo-send';
import { formatWhen } from '@/lib/format-time';
import {
  discardInput,
  mergeInput,
  questionOnlyInput,
  replyOnlyInput,
  saveInput,
  sendInput,
} from '@/lib/inbox/forms';
import { heldMessage } from '@/lib/inbox/undo-send';
import { budgetReason } from '@/lib/spending/budget';
import { action } from '@/server/action';
import { publishDeskEvent } from '@/server/drafting/live';
import { draftNow } from '@/server/drafting/service';
import { currentMailOut } from '@/server/mail/settings';
import { spendingToday } from '@/server/spending';
import { refused } from '../../_components/form-state';

/**
 * A staff member's actions on one question. Each returns what the page shows next; a refusal
 * carries the typed text back so nothing typed is lost.
 */
function done(questionId: number, message: string, version?: number) {
  publishDeskEvent({ kind: 'queueChanged', questionId });
  revalidatePath('/inbox');
  revalidatePath(`/inbox/${questionId}`);
  return { ok: true as const, message, ...(version ? { version } : {}) };
}

/** A refusal because of the question's state; what was typed goes back to the editor. */
const conflict = (message: string, typed?: { text?: string }) =>
  refused<'text'>(409, { message }, typed ? { text: typed.text ?? '' } : undefined);

const GONE = 'That question no longer exists.';

const sendRefusals = {
  discarded: 'This question was discarded, so nothing was sent.',
  changed:
    'Not sent: a colleague or a new draft changed this question after you confirmed. Check the text and send again.',
  notFound: GONE,
} as const;

const saveRefusals = {
  stale:
    'Not saved: someone changed this question after you opened it (a new draft, an edit or a send). Your text is still here.',
  notEditable: 'Not saved: this question is being drafted, or is already sent or discarded.',
  notFound: GONE,
} as const;

/** Staff and owners. The one code path that writes a reply a customer can read. */
export const sendReplyAction = action(
  { role: 'staff', input: sendInput },
  async ({ questionId, text, version }, user, typed) => {
    const holdSeconds = await getUndoSendSeconds();
    const result = await sendReply({
      questionId,
      text,
      version,
      userId: user.id,
      now: new Date(),
      mail: await currentMailOut(),
      holdSeconds,
    });
    if (result.ok && result.reply.heldUntil) {
      return {
        ...done(questionId, heldMessage(holdSeconds, result.emailedTo)),
        held: { replyId: result.reply.id, until: result.reply.heldUntil.toISOString() },
      };
    }
    if (result.ok) {
      return done(
        questionId,
        result.emailedTo
          ? `Sent. The customer can read it on their ticket page, and it is on its way to ${result.emailedTo} by email.`
          : 'Sent. The customer can read it on their ticket page.',
      );
    }
    if (result.reason === 'alreadySent') {
      const when = formatWhen(result.sentAt, (await getBakery()).timezone);
      return conflict(
        `Already sent by ${result.sentBy} at ${when}. Your text was not sent.`,
        typed,
      );
    }
    return conflict(sendRefusals[result.reason], typed);
  },
);

/** Staff and owners. Saves over the version the editor started from, or refuses. */
export const saveDraftAction = action(
  { role: 'staff', input: saveInput },
  async ({ questionId, version, text }, _user, typed) => {
    const result = await saveDraftEdit({ id: questionId, version, text, now: new Date() });
    if (result.ok) return done(questionId, 'Edit saved.', result.question.version);
    return conflict(saveRefusals[result.reason], typed);
  },
);

/** Staff and owners. Drafts (again) now, from the menu and hours as they are. */
export const redraftAction = action(
  { role: 'staff', input: questionOnlyInput },
  async ({ questionId }) => {
    const started = await draftNow({ questionId });
    if (!started.ok) {
      const message = {
        busy: 'A draft is already being written for this question (by the worker or a colleague). It will appear here when it is done.',
        closed: 'This question is already sent or discarded.',
        overBudget: budgetReason((await spendingToday()).limitCents),
        notFound: GONE,
      }[started.reason];
      return conflict(message);
    }
    return done(questionId, 'Drafting now…');
  },
);

/** Staff and owners. Closes a question without a reply. */
export const discardAction = action(
  { role: 'staff', input: discardInput },
  async ({ questionId, reason }) => {
    const result = await discardQuestion({ id: questionId, reason, now: new Date() });
    if (result.ok) return done(questionId, 'Discarded.');
    return conflict(
      result.reason === 'closed' ? 'This question is already sent or discarded.' : GONE,
    );
  },
);

/** Staff and owners. Puts a failed question back in the queue for the worker. */
export const retryAction = action(
  { role: 'staff', input: questionOnlyInput },
  async ({ questionId }) => {
    if (!(await requeueQuestion({ id: questionId, now: new Date() }))) {
      return conflict('Only a failed question can be retried.');
    }
    return done(questionId, 'Back in the queue; a new draft is on its way.');
  },
);

/** Staff and owners. Sends a reply's email again after the mail server refused it. */
export const resendEmailAction = action(
  { role: 'staff', input: replyOnlyInput },
  async ({ replyId }) => {
    const result = await resendEmail({ replyId, now: new Date() });
    if (!result.ok) {
      return conflict(
        result.reason === 'notFound'
          ? 'That reply was not emailed.'
          : 'Only an email that failed can be sent again.',
      );
    }
    return done(result.questionId, 'The email is on its way again.');
  },
);

/**
 * Staff and owners. A new link to the customer's ticket page, shown once to pass on; the
 * customer's earlier link stops working, since only a hash of each is kept.
 */
export const newTicketLinkAction = action(
  { role: 'staff', input: questionOnlyInput },
  async ({ questionId }) => {
    const replaced = await replaceTicketToken({ id: questionId });
    if (!replaced.ok) return conflict(GONE);
    return {
      ok: true,
      message: 'A new link to the ticket page. The link the customer had no longer works.',
      ticketPath: `/t/${replaced.ticketToken}`,
    } as const;
  },
);

const mergeRefusals = {
  notFound: GONE,
  changed:
    'Not merged: one of the two conversations changed after you opened this page (a new message, draft or edit). Look again, then merge.',
  notMentioned: 'This conversation can only be merged into the conversation its email names.',
  alreadyMerged: 'This conversation is already merged.',
  targetMerged:
    'The conversation this email names was itself merged into another. Open that one to see where it went.',
  answered:
    'A reply was already sent in this conversation, so it stays on its own. Answer the customer in the other conversation instead.',
  sameMessage: 'The other conversation already holds one of these messages, so nothing was merged.',
} as const;

/**
 * Staff and owners. Moves a conversation that named another from another address into that
 * one, and says where replies go from now on (the other conversation's customer, or this
 * sender). Audited; refused at any version but the ones on the page.
 */
export const mergeConversationAction = action(
  { role: 'staff', input: mergeInput },
  async ({ questionId, version, intoId, intoVersion, repliesTo }, user) => {
    const result = await mergeConversation({
      sourceId: questionId,
      sourceVersion: version,
      targetId: intoId,
      targetVersion: intoVersion,
      replyTo: repliesTo,
      userId: user.id,
      now: new Date(),
    });
    if (!result.ok) return conflict(mergeRefusals[result.reason]);
    publishDeskEvent({ kind: 'queueChanged', questionId: intoId });
    revalidatePath(`/inbox/${intoId}`);
    const message = `Merged into conversation #${intoId}.${
      result.repliesTo ? ` Replies there go to ${result.repliesTo}.` : ''
    }`;
    return { ...done(questionId, message), intoId };
  },
);
