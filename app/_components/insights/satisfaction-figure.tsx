import Link from 'next/link';
import { feedbackAnswers } from '@/lib/feedback/answer';
import { daysWithActivity } from '@/lib/insights/dashboard';
import { formatShare } from '@/lib/insights/figures';
import {
  type FeedbackComment,
  type SatisfactionCounts,
  saidYesHeadline,
  type satisfactionByDay,
} from '@/lib/insights/satisfaction';
import { Figure, FigureTable } from './figure';

const answerKeys = feedbackAnswers.map((key) => ({
  key,
  label: key === 'yes' ? 'Said yes' : 'Said no',
}));

const cells = (counts: SatisfactionCounts) => [
  counts.answers,
  counts.yes,
  counts.no,
  formatShare(counts.shareYes),
];

/**
 * "Did our answers help?": customers' answers to "Did this answer your question?" per day they
 * first answered, then what they wrote beside them, each a link to its conversation.
 */
export function SatisfactionFigure({
  satisfaction,
  comments,
  commentsLimit,
}: {
  satisfaction: ReturnType<typeof satisfactionByDay>;
  comments: FeedbackComment[];
  commentsLimit: number;
}) {
  const { days, chart, total } = satisfaction;
  const headline = saidYesHeadline(total);
  return (
    <>
      <Figure
        id="satisfaction"
        title="Did our answers help?"
        intro={
          <>
            <p>
              Under each reply, on the ticket page and in the email, customers are asked “Did this
              answer your question?”. Their answers by the day they first answered, each as it
              stands now.
            </p>
            {headline ? (
              <p className="mt-1 text-base font-semibold text-stone-900" data-testid="said-yes">
                {headline}
              </p>
            ) : null}
          </>
        }
        empty={
          total.answers === 0
            ? 'No customer answered “Did this answer your question?” in this range.'
            : null
        }
        chart={{
          label: 'Customers’ answers per day: said yes, said no',
          data: chart,
          indexBy: 'period',
          keys: answerKeys,
        }}
      >
        <FigureTable
          caption="Customers’ answers to “Did this answer your question?” per day"
          columns={['Day', 'Answers', 'Said yes', 'Said no', 'Share of yes']}
          rows={daysWithActivity(days, (day) => day.answers).map((day) => [
            day.date,
            ...cells(day),
          ])}
          foot={['All days', ...cells(total)]}
        />
      </Figure>
      {total.answers > 0 ? (
        <section
          aria-labelledby="feedback-comments-title"
          data-testid="feedback-comments"
          className="flex flex-col gap-2"
        >
          <h2 id="feedback-comments-title" className="text-lg font-semibold">
            What customers wrote
          </h2>
          <p className="text-sm text-stone-700">
            The newest {commentsLimit} comments customers added to an answer they first gave in the
            range, dated the day they last changed it.
          </p>
          {comments.length === 0 ? (
            <p data-testid="empty">No customer added a comment.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {comments.map((comment) => (
                <li key={comment.messageId} data-testid="feedback-comment">
                  <p className="whitespace-pre-wrap break-words">{comment.text}</p>
                  <p className="text-sm text-stone-700">
                    <span data-testid="feedback-answer">{comment.answerLabel}</span>
                    {' · '}
                    {comment.date}
                    {' · '}
                    <Link href={comment.href} className="underline">
                      Open the conversation
                      <span className="sr-only"> (comment of {comment.date})</span>
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
