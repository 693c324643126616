'use client';

import { FEEDBACK_COMMENT_MAX, type FeedbackAnswer, feedbackAnswers } from '@/lib/feedback/answer';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { answerReply } from './feedback-actions';

const words: Record<FeedbackAnswer, string> = { yes: 'Yes', no: 'No' };

/**
 * "Did this answer your question?" under one reply the bakery sent: Yes or No and an optional
 * comment, one answer per reply, which the customer may change. The ticket page and an email
 * link's confirmation both use it; the thanks shows in the form itself.
 */
export function ReplyFeedback({
  token,
  reply,
  given,
  chosen,
}: {
  token: string;
  /** The bakery's message this answers about. */
  reply: number;
  /** The answer already kept, shown and preselected. */
  given?: { answer: FeedbackAnswer; comment: string | null };
  /** The answer an email link asked about, preselected. */
  chosen?: FeedbackAnswer;
}) {
  const idPrefix = `feedback-${reply}-`;
  const form = useFormAction(answerReply, {
    idPrefix,
    initial: { comment: given?.comment ?? '' },
  });
  // The link the customer chose in their email stands over an answer kept before.
  const checked = form.values?.answer ?? chosen ?? given?.answer;
  return (
    <ActionForm
      form={form}
      submit={given ? 'Change my answer' : 'Send my answer'}
      busy="Sending…"
      label="Your answer about this reply"
      className="flex flex-col gap-2 border-t border-amber-200 pt-3 text-sm"
    >
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="reply" value={reply} />
      <fieldset
        className="flex flex-col gap-1"
        aria-describedby={given ? `${idPrefix}given` : undefined}
      >
        <legend className="font-medium">Did this answer your question?</legend>
        {given ? (
          <p id={`${idPrefix}given`} className="text-stone-700" data-testid="feedback-given">
            You answered {words[given.answer]}. You can change your answer.
          </p>
        ) : null}
        <div className="flex gap-4">
          {feedbackAnswers.map((answer) => (
            <label key={answer} className="flex items-center gap-2">
              <input
                type="radio"
                name="answer"
                value={answer}
                defaultChecked={checked === answer}
              />
              {words[answer]}
            </label>
          ))}
        </div>
        {form.errors.answer ? <p className="text-red-700">{form.errors.answer}</p> : null}
      </fieldset>
      <TextField
        {...form.field('comment')}
        multiline
        rows={2}
        maxLength={FEEDBACK_COMMENT_MAX}
        label="Anything to add? (optional)"
        className="w-full bg-white"
      />
    </ActionForm>
  );
}
