import { zonedParts } from '@/lib/agent/bakery/calendar';
import { type FeedbackAnswer, feedbackAnswers } from '@/lib/feedback/answer';
import { chartPeriods, sumByPeriod } from './dashboard';
import { formatShare, share } from './figures';

/**
 * "Did our answers help?": the customers' yes and no under sent replies, per day of the range,
 * and what they wrote beside them. An answer counts on the bakery's day the customer first gave
 * it, as it stands now: changing it later moves no figure to another day.
 */

export const feedbackAnswerLabels: Record<FeedbackAnswer, string> = {
  yes: 'Yes, it helped',
  no: 'No, it did not',
};

export type SatisfactionCounts = {
  yes: number;
  no: number;
  /** Replies the customer answered, yes or no. */
  answers: number;
  /** The share of answers that were yes; null when nobody answered. */
  shareYes: number | null;
};

export type DaySatisfaction = { date: string } & SatisfactionCounts;

const counted = (yes: number, no: number): SatisfactionCounts => ({
  yes,
  no,
  answers: yes + no,
  shareYes: share(yes, yes + no),
});

/**
 * Every day of the range with its answers (zeros on days without), the chart's bars (per day,
 * or per week past a month) and the whole range's.
 */
export function satisfactionByDay(rows: {
  dates: readonly string[];
  answers: readonly { date: string; answer: FeedbackAnswer; count: number }[];
}): {
  days: DaySatisfaction[];
  chart: ({ period: string } & Record<FeedbackAnswer, number>)[];
  total: SatisfactionCounts;
} {
  const days = rows.dates.map((date) => {
    const on = (answer: FeedbackAnswer) =>
      rows.answers
        .filter((row) => row.date === date && row.answer === answer)
        .reduce((sum, row) => sum + row.count, 0);
    return { date, ...counted(on('yes'), on('no')) };
  });
  const sum = (answer: FeedbackAnswer) => days.reduce((total, day) => total + day[answer], 0);
  return {
    days,
    chart: sumByPeriod(chartPeriods(rows.dates), days, feedbackAnswers),
    total: counted(sum('yes'), sum('no')),
  };
}

/** "7 of 9 said yes (78%)", the figure's headline; null when nobody answered. */
export function saidYesHeadline(counts: SatisfactionCounts): string | null {
  if (counts.answers === 0) return null;
  return `${counts.yes} of ${counts.answers} said yes (${formatShare(counts.shareYes)})`;
}

export type FeedbackCommentRow = {
  /** The reply's message the answer is about: one answer each. */
  messageId: number;
  questionId: number;
  answer: FeedbackAnswer;
  /** Null when they wrote none, or the conversation was erased. */
  comment: string | null;
  /** When the customer last gave or changed the answer (and so the comment), ms since the epoch. */
  changedAt: number;
};

export type FeedbackComment = {
  messageId: number;
  answer: FeedbackAnswer;
  answerLabel: string;
  /** The customer's words, trimmed; shown as text. */
  text: string;
  /** The bakery's day the customer wrote it, YYYY-MM-DD as the dashboard's tables write days. */
  date: string;
  /** The conversation, in the inbox. */
  href: string;
};

/**
 * The comments customers left with their answers, newest first, blank ones left out, each with
 * the bakery's day it was written and a link to its conversation.
 */
export function feedbackComments(
  rows: readonly FeedbackCommentRow[],
  timeZone: string,
): FeedbackComment[] {
  return rows
    .flatMap((row) => (row.comment?.trim() ? [{ ...row, comment: row.comment.trim() }] : []))
    .sort((a, b) => b.changedAt - a.changedAt || b.messageId - a.messageId)
    .map((row) => ({
      messageId: row.messageId,
      answer: row.answer,
      answerLabel: feedbackAnswerLabels[row.answer],
      text: row.comment,
      date: zonedParts(new Date(row.changedAt), timeZone).date,
      href: `/inbox/${row.questionId}`,
    }));
}
