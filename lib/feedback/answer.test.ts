import { describe, expect, it } from 'vitest';
import { answerFromLink, feedbackComment, feedbackForStaff } from './answer';
import { replyFeedbackInput } from './input';

const token = 'a'.repeat(43);

describe("a customer's feedback on a reply", () => {
  it('keeps a comment trimmed, and an empty one as none', () => {
    expect(feedbackComment('  Which rye?\n')).toBe('Which rye?');
    expect(feedbackComment(' \n ')).toBeNull();
    expect(feedbackComment(undefined)).toBeNull();
  });

  it('keeps a comment as any text from outside is stored: no NUL or other control, line ends as newlines', () => {
    expect(feedbackComment('Rye\u0000 was\r\nstale\u0007')).toBe('Rye was\nstale');
    expect(feedbackComment('\u0000 \u0001')).toBeNull();
  });

  it('takes only yes or no from a link', () => {
    expect(answerFromLink('yes')).toBe('yes');
    expect(answerFromLink('no')).toBe('no');
    expect(answerFromLink('maybe')).toBeUndefined();
    expect(answerFromLink(['yes', 'no'])).toBeUndefined();
  });

  it('tells staff the answer in words', () => {
    expect(feedbackForStaff('yes')).toBe('The customer said this answered their question.');
    expect(feedbackForStaff('no')).toBe('The customer said this did not answer their question.');
  });

  it('refuses a form without an answer, with a bad reply or token, or with a long comment', () => {
    const good = { token, reply: '12', answer: 'no', comment: 'Too short' };
    expect(replyFeedbackInput.parse(good)).toEqual({ ...good, reply: 12 });
    for (const bad of [
      { ...good, answer: undefined },
      { ...good, answer: 'maybe' },
      { ...good, reply: 'x' },
      { ...good, reply: '-1' },
      { ...good, token: 'short' },
      { ...good, comment: 'x'.repeat(1001) },
    ]) {
      expect(replyFeedbackInput.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(
        false,
      );
    }
  });
});
