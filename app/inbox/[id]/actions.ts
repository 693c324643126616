'use server';

import { revalidatePath } from 'next/cache';
import { getBakery } from '@/db/bakery';
import { discardQuestion, saveDraftEdit } from '@/db/drafts';
import { requeueQuestion } from '@/db/queue';
import { sendReply } from '@/db/replies';
import { fieldErrors, formFields } from '@/lib/auth/forms';
import { formatWhen } from '@/lib/format-time';
import { discardInput, questionOnlyInput, saveInput, sendInput } from '@/lib/inbox/forms';
import { publishDeskEvent } from '@/server/drafting/live';
import { draftNow } from '@/server/drafting/service';
import { authorizeAction } from '@/server/session';
import type { Rejected } from '../../_components/form-state';

/**
 * A staff member's actions on one question. Each returns what the page shows next; a refusal
 * carries the typed text back so nothing typed is lost.
 */
export type QuestionActionState =
  | { ok: true; message: string; version?: number }
  | Rejected<'text' | 'reason' | 'questionId'>
  | undefined;

function changed(questionId: number): void {
  publishDeskEvent({ kind: 'queueChanged', questionId });
  revalidatePath('/inbox');
  revalidatePath(`/inbox/${questionId}`);
}

/** A refusal because of the question's state; what was typed goes back to the editor. */
function conflict(message: string, values?: { text: string }) {
  return { ok: false, status: 409, message, ...(values ? { values } : {}) } as const;
}

const GONE = 'That question no longer exists.';

/** Staff and owners. The one code path that writes a reply a customer can read. */
export async function sendReplyAction(
  _previous: QuestionActionState,
  formData: FormData,
): Promise<QuestionActionState> {
  const auth = await authorizeAction({ role: 'staff' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const values = { text: fields.text ?? '' };
  const parsed = sendInput.safeParse(fields);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: fieldErrors(parsed.error), values };
  }
  const { questionId, text } = parsed.data;
  const result = sendReply({ questionId, text, userId: auth.user.id, now: new Date() });
  if (result.ok) {
    changed(questionId);
    return { ok: true, message: 'Sent. The customer can read it on their ticket page.' };
  }
  if (result.reason === 'alreadySent') {
    const when = formatWhen(result.sentAt, getBakery().timezone);
    return conflict(`Already sent by ${result.sentBy} at ${when}. Your text was not sent.`, values);
  }
  if (result.reason === 'discarded') {
    return conflict('This question was discarded, so nothing was sent.', values);
  }
  return conflict(GONE, values);
}

/** Staff and owners. Saves over the version the editor started from, or refuses. */
export async function saveDraftAction(
  _previous: QuestionActionState,
  formData: FormData,
): Promise<QuestionActionState> {
  const auth = await authorizeAction({ role: 'staff' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const values = { text: fields.text ?? '' };
  const parsed = saveInput.safeParse(fields);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: fieldErrors(parsed.error), values };
  }
  const { questionId, version, text } = parsed.data;
  const result = saveDraftEdit({ id: questionId, version, text, now: new Date() });
  if (result.ok) {
    changed(questionId);
    return { ok: true, message: 'Edit saved.', version: result.question.version };
  }
  if (result.reason === 'stale') {
    return conflict(
      'Not saved: someone changed this question after you opened it (a new draft, an edit or a send). Your text is still here.',
      values,
    );
  }
  if (result.reason === 'notEditable') {
    return conflict(
      'Not saved: this question is being drafted, or is already sent or discarded.',
      values,
    );
  }
  return conflict(GONE, values);
}

/** Staff and owners. Drafts (again) now, from the menu and hours as they are. */
export async function redraftAction(
  _previous: QuestionActionState,
  formData: FormData,
): Promise<QuestionActionState> {
  const auth = await authorizeAction({ role: 'staff' });
  if (!auth.ok) return auth;
  const parsed = questionOnlyInput.safeParse(formFields(formData));
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const { questionId } = parsed.data;
  const started = draftNow({ questionId });
  if (!started.ok) {
    const message = {
      busy: 'A draft is already being written for this question (by the worker or a colleague). It will appear here when it is done.',
      closed: 'This question is already sent or discarded.',
      notFound: GONE,
    }[started.reason];
    return conflict(message);
  }
  changed(questionId);
  return { ok: true, message: 'Drafting now…' };
}

/** Staff and owners. Closes a question without a reply. */
export async function discardAction(
  _previous: QuestionActionState,
  formData: FormData,
): Promise<QuestionActionState> {
  const auth = await authorizeAction({ role: 'staff' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const parsed = discardInput.safeParse(fields);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      errors: fieldErrors(parsed.error),
      values: { reason: fields.reason ?? '' },
    };
  }
  const { questionId, reason } = parsed.data;
  const result = discardQuestion({ id: questionId, reason, now: new Date() });
  if (result.ok) {
    changed(questionId);
    return { ok: true, message: 'Discarded.' };
  }
  return conflict(
    result.reason === 'closed' ? 'This question is already sent or discarded.' : GONE,
  );
}

/** Staff and owners. Puts a failed question back in the queue for the worker. */
export async function retryAction(
  _previous: QuestionActionState,
  formData: FormData,
): Promise<QuestionActionState> {
  const auth = await authorizeAction({ role: 'staff' });
  if (!auth.ok) return auth;
  const parsed = questionOnlyInput.safeParse(formFields(formData));
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const { questionId } = parsed.data;
  if (!requeueQuestion({ id: questionId, now: new Date() })) {
    return conflict('Only a failed question can be retried.');
  }
  changed(questionId);
  return { ok: true, message: 'Back in the queue; a new draft is on its way.' };
}
