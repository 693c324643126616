import { storableText } from '../intake/clean-text';

/**
 * A customer's answer to "Did this answer your question?" under one reply the bakery sent: yes or
 * no, with an optional comment in their own words.
 */
export const feedbackAnswers = ['yes', 'no'] as const;
export type FeedbackAnswer = (typeof feedbackAnswers)[number];

/** The longest comment kept: a few sentences, enough to say what was missing. */
export const FEEDBACK_COMMENT_MAX = 1000;

/**
 * The comment as stored: through the gate every text from outside passes (a NUL would make
 * PostgreSQL refuse the row), trimmed, and none at all when nothing is left, so an empty box
 * never counts as a comment on the dashboard.
 */
export function feedbackComment(raw: string | null | undefined): string | null {
  const trimmed = storableText(raw ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** The answer a link asks about (`?answer=yes`), or none when it names neither. */
export function answerFromLink(value: string | string[] | undefined): FeedbackAnswer | undefined {
  return feedbackAnswers.find((answer) => answer === value);
}

/** What the customer is told once their answer is kept. */
export function feedbackThanks(answer: FeedbackAnswer): string {
  return answer === 'yes'
    ? 'Thank you! We’re glad this answered your question.'
    : 'Thank you for telling us. The bakery will see your answer.';
}

/** How staff read the customer's answer on the conversation. */
export function feedbackForStaff(answer: FeedbackAnswer): string {
  return answer === 'yes'
    ? 'The customer said this answered their question.'
    : 'The customer said this did not answer their question.';
}
