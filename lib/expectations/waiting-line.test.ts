import { describe, expect, it } from 'vitest';
import type { DateException } from '@/lib/agent/bakery/data';
import { exampleBakeryData } from '@/tests/support/bakery-data';
import {
  type FirstReply,
  friendlyWait,
  openAt,
  REPLY_TIMES_MIN_COUNT,
  typicalReplyMs,
  waitingLine,
} from './waiting-line';

// The example bakery, in New York: closed Sunday and Monday, Tuesday to Friday 7:00–15:00,
// Saturday 8:00–13:00. 2026-12-01 is a Tuesday; New York is UTC−5 in December.
const newYork = (wall: string) => new Date(`${wall}:00-05:00`);
const MINUTE = 60_000;

const closed = (date: string, note: string): DateException => ({
  date,
  closed: true,
  opens: null,
  closes: null,
  note,
});

/** Questions that arrived on open Tuesday and Wednesday mornings, answered after `minutes`. */
function answered(...minutes: number[]): FirstReply[] {
  return minutes.map((wait, i) => {
    const receivedAt = newYork(`2026-11-${String(17 + (i % 4)).padStart(2, '0')}T09:${10 + i}`);
    return { receivedAt, firstReplyAt: new Date(receivedAt.getTime() + wait * MINUTE) };
  });
}

/** Questions that arrived at night, when nobody was there: never part of the promise. */
function answeredOvernight(count: number): FirstReply[] {
  return Array.from({ length: count }, (_, i) => {
    const receivedAt = newYork(`2026-11-2${i % 5}T22:00`);
    return { receivedAt, firstReplyAt: new Date(receivedAt.getTime() + 10 * 60 * MINUTE) };
  });
}

const line = (at: string, replies: FirstReply[] = [], change = {}) =>
  waitingLine({ facts: exampleBakeryData(change), now: newYork(at), replies });

describe('the line under a waiting customer’s message', () => {
  it('while open, gives the median first reply of questions asked during opening hours', () => {
    const replies = [...answered(8, 12, 14, 22, 40), ...answeredOvernight(6)];
    expect(line('2026-12-01T10:00', replies)).toBe('We usually answer within 15 minutes.');
  });

  it('while open, says nothing until enough replies are known', () => {
    const few = answered(...Array.from({ length: REPLY_TIMES_MIN_COUNT - 1 }, () => 10));
    // Replies to night-time questions do not make up the number.
    expect(line('2026-12-01T10:00', [...few, ...answeredOvernight(10)])).toBeNull();
    expect(line('2026-12-01T10:00', [])).toBeNull();
  });

  it('leaves out replies older than the window', () => {
    const old = answered(10, 10, 10, 10, 10).map((reply) => ({
      receivedAt: new Date(reply.receivedAt.getTime() - 40 * 24 * 60 * MINUTE),
      firstReplyAt: new Date(reply.firstReplyAt.getTime() - 40 * 24 * 60 * MINUTE),
    }));
    expect(line('2026-12-01T10:00', old)).toBeNull();
  });

  it('before opening, says the bakery opens today', () => {
    expect(line('2026-12-01T05:30', answered(5, 5, 5, 5, 5))).toBe(
      'We’re closed now; we open again today at 7 am.',
    );
  });

  it('closed tonight, says the bakery opens tomorrow', () => {
    expect(line('2026-12-01T20:00')).toBe('We’re closed now; we open again tomorrow at 7 am.');
    // The closing minute itself is closed.
    expect(line('2026-12-01T15:00')).toBe('We’re closed now; we open again tomorrow at 7 am.');
  });

  it('closed for a holiday, skips the holiday to the next open day', () => {
    const christmas = { dateExceptions: [closed('2026-12-25', 'Christmas')] };
    // Christmas Day is a Friday, usually open.
    expect(line('2026-12-25T10:00', [], christmas)).toBe(
      'We’re closed now; we open again tomorrow at 8 am.',
    );
    expect(line('2026-12-24T18:00', [], christmas)).toBe(
      'We’re closed now; we open again Saturday at 8 am.',
    );
  });

  it('keeps special hours of a date exception', () => {
    const lateStart: DateException = {
      date: '2026-12-02',
      closed: false,
      opens: '11:30',
      closes: '15:00',
      note: 'inventory',
    };
    expect(line('2026-12-02T08:00', [], { dateExceptions: [lateStart] })).toBe(
      'We’re closed now; we open again today at 11:30 am.',
    );
  });

  it('on a weekend, names the weekday it opens again', () => {
    expect(line('2026-12-05T14:00')).toBe('We’re closed now; we open again Tuesday at 7 am.');
    expect(line('2026-12-06T10:00')).toBe('We’re closed now; we open again Tuesday at 7 am.');
  });

  it('beyond a week away, names the date', () => {
    const away = Array.from({ length: 10 }, (_, i) =>
      closed(`2026-12-${String(2 + i).padStart(2, '0')}`, 'holiday'),
    );
    expect(line('2026-12-01T20:00', [], { dateExceptions: away })).toBe(
      'We’re closed now; we open again Saturday, December 12 at 8 am.',
    );
  });

  it('with no opening ahead at all, says only that it is closed', () => {
    const never = {
      weeklyHours: { 1: null, 2: null, 3: null, 4: null, 5: null, 6: null, 7: null },
    };
    expect(line('2026-12-01T10:00', [], never)).toBe('We’re closed now.');
  });

  it('words days and times in the bakery’s locale', () => {
    expect(line('2026-12-05T14:00', [], { locale: 'en-GB' })).toBe(
      'We’re closed now; we open again Tuesday at 7:00.',
    );
    expect(line('2026-12-01T20:00', [], { locale: 'de-DE' })).toBe(
      'We’re closed now; we open again tomorrow at 7:00.',
    );
    expect(line('2026-12-05T14:00', [], { locale: 'de-DE' })).toBe(
      'We’re closed now; we open again Dienstag at 7:00.',
    );
  });

  it('reads the hours in the bakery’s own timezone', () => {
    // 16:00 in New York is 08:00 the next morning in Tokyo: closed in New York, open in Tokyo.
    const replies = answered(50, 55, 60, 65, 70).map((reply) => ({
      receivedAt: new Date(reply.receivedAt.getTime() - 14 * 60 * MINUTE),
      firstReplyAt: new Date(reply.firstReplyAt.getTime() - 14 * 60 * MINUTE),
    }));
    const tokyo = exampleBakeryData({ timezone: 'Asia/Tokyo' });
    expect(openAt(tokyo, newYork('2026-12-01T18:00'))).toBe(true);
    expect(openAt(exampleBakeryData(), newYork('2026-12-01T18:00'))).toBe(false);
    expect(typicalReplyMs(tokyo, replies, newYork('2026-12-01T18:00'))).toBe(60 * MINUTE);
  });
});

describe('a wait as a friendly figure', () => {
  it('rounds up to figures a person says', () => {
    expect(friendlyWait(30_000)).toBe('5 minutes');
    expect(friendlyWait(5 * MINUTE)).toBe('5 minutes');
    expect(friendlyWait(11 * MINUTE)).toBe('15 minutes');
    expect(friendlyWait(31 * MINUTE)).toBe('45 minutes');
    expect(friendlyWait(50 * MINUTE)).toBe('an hour');
    expect(friendlyWait(61 * MINUTE)).toBe('2 hours');
    expect(friendlyWait(23.5 * 60 * MINUTE)).toBe('a day');
    expect(friendlyWait(50 * 60 * MINUTE)).toBe('3 days');
  });

  it('takes the middle of an even count as the mean of the two middles', () => {
    const replies = answered(10, 10, 20, 30, 40, 40);
    expect(typicalReplyMs(exampleBakeryData(), replies, newYork('2026-12-01T10:00'))).toBe(
      25 * MINUTE,
    );
  });
});
