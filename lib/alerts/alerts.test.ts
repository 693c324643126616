import { describe, expect, it } from 'vitest';
import { type AlertSummary, alertKey, newArrivals, notificationOf } from './new-arrivals';
import { badgedIconSvg, needsReviewWords, titleWithCount } from './title';

describe('the tab title', () => {
  it('carries the count needing review before the page’s own title', () => {
    expect(titleWithCount('Inbox · Bakery Desk', 3)).toBe('(3) Inbox · Bakery Desk');
  });
  it('replaces an earlier count rather than stacking them', () => {
    expect(titleWithCount('(3) Inbox · Bakery Desk', 4)).toBe('(4) Inbox · Bakery Desk');
    expect(titleWithCount('(99+) Inbox · Bakery Desk', 2)).toBe('(2) Inbox · Bakery Desk');
  });
  it('says nothing when nothing waits', () => {
    expect(titleWithCount('(3) Your account · Bakery Desk', 0)).toBe('Your account · Bakery Desk');
  });
  it('caps the count at 99+', () => {
    expect(titleWithCount('Inbox · Bakery Desk', 120)).toBe('(99+) Inbox · Bakery Desk');
  });
  it('words the count for people', () => {
    expect(needsReviewWords(0)).toBe('Nothing needs review');
    expect(needsReviewWords(1)).toBe('1 question needs review');
    expect(needsReviewWords(5)).toBe('5 questions need review');
  });
  it('badges the icon only when something waits', () => {
    expect(badgedIconSvg(0)).not.toContain('<circle');
    expect(badgedIconSvg(7)).toContain('>7</text>');
    expect(badgedIconSvg(150)).toContain('>99+</text>');
  });
});

const waiting = (questionId: number, messageId: number, followUp = false) => ({
  questionId,
  messageId,
  customerName: 'Lena Schmidt',
  followUp,
  text: '\n  Do you have rye today?\nThanks',
});

describe('what a tab announces', () => {
  const summary: AlertSummary = {
    needsReview: 3,
    newestMessageId: 12,
    waiting: [waiting(5, 12), waiting(4, 11, true), waiting(1, 3)],
  };

  it('announces only messages written after the tab began watching', () => {
    expect(newArrivals(summary, 10, new Set()).map(alertKey)).toEqual(['5:12', '4:11']);
  });
  it('never announces one twice', () => {
    expect(newArrivals(summary, 10, new Set(['5:12'])).map(alertKey)).toEqual(['4:11']);
  });
  it('announces one that waited longer to be drafted than a newer one', () => {
    const later: AlertSummary = { ...summary, waiting: [waiting(6, 13), waiting(4, 11)] };
    expect(newArrivals(later, 10, new Set(['6:13'])).map(alertKey)).toEqual(['4:11']);
  });
  it('says whether it is a new question or a follow-up, with its first line', () => {
    expect(notificationOf(waiting(5, 12))).toEqual({
      title: 'New question from Lena Schmidt',
      body: 'Do you have rye today?',
    });
    expect(notificationOf(waiting(4, 11, true)).title).toBe('Lena Schmidt wrote again');
    expect(notificationOf({ ...waiting(4, 11), customerName: ' ' }).title).toBe(
      'New question from a customer',
    );
  });
});
