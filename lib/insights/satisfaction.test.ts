import { describe, expect, it } from 'vitest';
import { feedbackComments, saidYesHeadline, satisfactionByDay } from './satisfaction';

describe('satisfaction per day', () => {
  it('counts yes and no per day, zeros on days nobody answered, and the share of yes', () => {
    const { days, total, chart } = satisfactionByDay({
      dates: ['2026-12-01', '2026-12-02', '2026-12-03'],
      answers: [
        { date: '2026-12-01', answer: 'yes', count: 3 },
        { date: '2026-12-01', answer: 'no', count: 1 },
        { date: '2026-12-03', answer: 'no', count: 2 },
        // A day outside the range is no day of the figure.
        { date: '2026-11-30', answer: 'yes', count: 9 },
      ],
    });
    expect(days).toEqual([
      { date: '2026-12-01', yes: 3, no: 1, answers: 4, shareYes: 0.75 },
      { date: '2026-12-02', yes: 0, no: 0, answers: 0, shareYes: null },
      { date: '2026-12-03', yes: 0, no: 2, answers: 2, shareYes: 0 },
    ]);
    expect(total).toEqual({ yes: 3, no: 3, answers: 6, shareYes: 0.5 });
    expect(chart).toEqual([
      { period: '12-01', yes: 3, no: 1 },
      { period: '12-02', yes: 0, no: 0 },
      { period: '12-03', yes: 0, no: 2 },
    ]);
  });

  it('draws a bar per week past a month, while the days stay whole', () => {
    const dates = Array.from({ length: 32 }, (_, i) =>
      i < 31 ? `2026-12-${String(i + 1).padStart(2, '0')}` : '2027-01-01',
    );
    const { days, chart } = satisfactionByDay({
      dates,
      answers: [
        { date: '2026-12-01', answer: 'yes', count: 1 },
        { date: '2026-12-07', answer: 'yes', count: 2 },
        { date: '2027-01-01', answer: 'no', count: 1 },
      ],
    });
    expect(days).toHaveLength(32);
    expect(chart).toHaveLength(5);
    expect(chart[0]).toEqual({ period: '12-01…', yes: 3, no: 0 });
    expect(chart[4]).toEqual({ period: '12-29…', yes: 0, no: 1 });
  });

  it('says how many said yes in words, and nothing before anyone answered', () => {
    expect(saidYesHeadline({ yes: 7, no: 2, answers: 9, shareYes: 7 / 9 })).toBe(
      '7 of 9 said yes (78%)',
    );
    expect(saidYesHeadline({ yes: 0, no: 1, answers: 1, shareYes: 0 })).toBe(
      '0 of 1 said yes (0%)',
    );
    expect(saidYesHeadline({ yes: 0, no: 0, answers: 0, shareYes: null })).toBeNull();
  });
});

describe('feedback comments', () => {
  const at = (iso: string) => Date.parse(iso);

  it('lists what customers wrote, newest first, on the bakery’s day, linked to the conversation', () => {
    const comments = feedbackComments(
      [
        {
          messageId: 40,
          questionId: 4,
          answer: 'yes',
          comment: '  Thanks, see you Saturday! ',
          changedAt: at('2026-12-01T15:00:00Z'),
        },
        // 03:30 UTC on the 3rd is still the 2nd in New York.
        {
          messageId: 90,
          questionId: 9,
          answer: 'no',
          comment: 'You did not say if it has nuts.',
          changedAt: at('2026-12-03T03:30:00Z'),
        },
        {
          messageId: 70,
          questionId: 7,
          answer: 'yes',
          comment: '   ',
          changedAt: at('2026-12-02T12:00:00Z'),
        },
        // No comment at all, or one erased with its conversation.
        { messageId: 80, questionId: 8, answer: 'no', comment: null, changedAt: 0 },
      ],
      'America/New_York',
    );
    expect(comments).toEqual([
      {
        messageId: 90,
        answer: 'no',
        answerLabel: 'No, it did not',
        text: 'You did not say if it has nuts.',
        date: '2026-12-02',
        href: '/inbox/9',
      },
      {
        messageId: 40,
        answer: 'yes',
        answerLabel: 'Yes, it helped',
        text: 'Thanks, see you Saturday!',
        date: '2026-12-01',
        href: '/inbox/4',
      },
    ]);
  });
});
