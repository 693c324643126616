import type { FeedbackView } from '@/db/feedback';
import { feedbackForStaff } from '@/lib/feedback/answer';
import { formatWhen } from '@/lib/format-time';

/** What the customer answered under a sent reply, in words, with their comment as text. */
export function CustomerFeedback({
  feedback,
  timezone,
}: {
  feedback: FeedbackView | undefined;
  timezone: string;
}) {
  if (!feedback) return null;
  return (
    <div
      className={`mt-2 rounded-md px-2 py-1 text-sm ${
        feedback.answer === 'yes' ? 'bg-white text-green-950' : 'bg-orange-50 text-orange-950'
      }`}
      data-testid="customer-feedback"
      data-answer={feedback.answer}
    >
      <p>
        {feedbackForStaff(feedback.answer)}{' '}
        <span className="text-stone-700">({formatWhen(feedback.changedAt, timezone)})</span>
      </p>
      {feedback.comment ? (
        <p className="whitespace-pre-wrap break-words" data-testid="customer-feedback-comment">
          Their comment: {feedback.comment}
        </p>
      ) : null}
    </div>
  );
}
