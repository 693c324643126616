import { describe, expect, it } from 'vitest';
import { scenario } from '@/tests/support/scenario';
import { readWithChrono } from './chrono';
import { readDays } from './days';
import type { ReadingContext } from './frame';
import { readGoods } from './goods';
import { readItems } from './items';
import { readNamedDays } from './named-days';
import { readWithTokens } from './read-question';
import { readDayPart, readTime } from './times';
import { type Claim, claim, normalize, spansOf, type Token, tokenize } from './tokens';

const menu = ['Sourdough rolls', 'Rye loaf', 'Cinnamon buns'];
const context: ReadingContext = { menu, today: '2026-12-01' };

function tokensOf(question: string): { lower: string; tokens: Token[] } {
  const lower = normalize(question);
  return { lower, tokens: tokenize(lower) };
}

/** The words a reader claimed, as written in the normalized question. */
function claimed(lower: string, tokens: readonly Token[], by: Claim): string[] {
  return spansOf(tokens)
    .filter((span) => span.kind === by)
    .map((span) => lower.slice(span.start, span.end));
}

describe('tokens', () => {
  it('keeps each word at its place in the normalized text, shorthand spelled out', () => {
    const { lower, tokens } = tokensOf('Need 6 cin buns tmrw at 10am, pls!');
    for (const token of tokens.filter((t) => t.text !== 'tomorrow' && t.text !== 'cinnamon')) {
      expect(lower.slice(token.start, token.end)).toBe(
        token.text === 'please' ? 'pls' : token.text,
      );
    }
    const tomorrow = tokens.find((t) => t.text === 'tomorrow') as Token;
    expect(lower.slice(tomorrow.start, tomorrow.end)).toBe('tmrw');
    expect(tokens.map((t) => t.text)).toContain('am');
  });

  it('gives a word to the first reader that claims it, and never to a second', () => {
    const { tokens } = tokensOf('rye loaf');
    claim(tokens, 0, 'item');
    claim(tokens, 0, 'good');
    expect(tokens[0]?.by).toBe('item');
    expect(tokens[1]?.by).toBeNull();
  });
});

describe('each reader claims its own words, with their places', () => {
  it('days: weekdays, "next", relative days and dates', () => {
    const { lower, tokens } = tokensOf('Next Friday or the day after tomorrow, or Dec 24th?');
    const { days, positions } = readDays(tokens, context.today);
    expect(days).toEqual(['next Friday', '2026-12-03', '2026-12-24']);
    expect(claimed(lower, tokens, 'day')).toEqual([
      'next friday',
      'day after tomorrow',
      'dec 24th',
    ]);
    expect(positions.get('next Friday')).toBe(1);
  });

  it('days: a weekday and a date that disagree are a conflict', () => {
    const friday12th = readDays(tokensOf('Friday the 12th please').tokens, context.today);
    expect(friday12th.days).toEqual(['2026-12-12']);
    expect(friday12th.conflicts).toEqual(['conflictingDays']);
    const saturday12th = readDays(tokensOf('Saturday the 12th please').tokens, context.today);
    expect(saturday12th.conflicts).toEqual([]);
  });

  it('times: a bare small hour is the afternoon, "half ten" is half past ten', () => {
    const at2 = tokensOf('can I come at 2');
    expect(readTime(at2.tokens, null)).toMatchObject({ time: '14:00', byTime: false });
    expect(claimed(at2.lower, at2.tokens, 'time')).toEqual(['2']);
    const half = tokensOf('pick up at half ten');
    expect(readTime(half.tokens, null).time).toBe('10:30');
    expect(claimed(half.lower, half.tokens, 'time')).toEqual(['half ten']);
    expect(readTime(tokensOf('by 3 please').tokens, null)).toMatchObject({
      time: '15:00',
      byTime: true,
    });
  });

  it('times: two different times for one pickup are a conflict, a range or a choice is not', () => {
    const conflicts = (question: string) => readTime(tokensOf(question).tokens, null).conflicts;
    expect(conflicts('6 cinnamon buns Friday at 10, we will pick them up at 2pm')).toEqual([
      'conflictingTimes',
    ]);
    expect(conflicts('Friday at 10 or at 11')).toEqual([]);
    expect(conflicts('are you open from 7 until 3?')).toEqual([]);
    expect(conflicts('at 10, actually at 11')).toEqual([]);
    expect(conflicts('at 10, see you at 10')).toEqual([]);
    expect(conflicts('at 2pm about 20 rolls')).toEqual([]);
  });

  it('times: "arvo", "tonight" and "first thing" say which half of the day', () => {
    expect(readDayPart('tomorrow arvo at 3')).toBe('pm');
    expect(readDayPart('can I grab them tonight')).toBe('pm');
    expect(readDayPart('first thing friday')).toBe('am');
    expect(readDayPart('good morning! friday at 2')).toBeNull();
  });

  it('chrono: a time only as a clock writes it, never "1 a" of "1 a cake"', () => {
    const { lower, tokens } = tokensOf('1 a birthday cake');
    expect(readWithChrono(tokens, lower, context.today)).toEqual({ dates: [], time: null });
  });

  it("items and quantities: digits, words, dozens and a baker's dozen", () => {
    const { lower, tokens } = tokensOf("a baker's dozen cinnamon buns and two dozen rey loaves");
    const { items } = readItems(tokens, menu);
    expect(items.map(({ name, quantity }) => [name, quantity])).toEqual([
      ['Cinnamon buns', 13],
      ['Rye loaf', 24],
    ]);
    expect(claimed(lower, tokens, 'item')).toEqual(['cinnamon buns', 'rey loaves']);
    expect(claimed(lower, tokens, 'quantity')).toEqual(["a baker's dozen", 'two dozen']);
  });

  it('items: one item named with two different counts is a conflict', () => {
    const { conflicts } = readItems(tokensOf('12 rye loaves, no wait, 20 rye loaves').tokens, menu);
    expect(conflicts).toEqual(['conflictingQuantities']);
  });

  it("goods: the desk's word list names them, and unknown words before one stay unread", () => {
    const hot = tokensOf('do you bake hot cross buns or chocolate babka?');
    expect(readGoods(hot.tokens)).toEqual(['hot cross bun', 'babka']);
    expect(claimed(hot.lower, hot.tokens, 'good')).toEqual(['hot cross buns', 'chocolate babka']);
    const durian = tokensOf('durian croissants');
    expect(readGoods(durian.tokens)).toEqual(['croissant']);
    expect(durian.tokens[0]?.used).toBe(false);
  });

  it('chrono: dates in words its own readers leave, and the afternoon refiner', () => {
    const { lower, tokens } = tokensOf('on 12/24 at 2:30');
    const read = readWithChrono(tokens, lower, context.today);
    expect(read.dates.map((d) => d.date)).toEqual(['2026-12-24']);
    expect(read.time).toBe('14:30');
    expect(claimed(lower, tokens, 'day')).toEqual(['12/24 at 2:30']);
  });

  it('chrono: never reads a word another reader claimed', () => {
    const { lower, tokens } = tokensOf('on 12/24 at 2:30');
    claim(tokens, 1, 'day');
    const read = readWithChrono(tokens, lower, context.today);
    expect(read.dates).toEqual([]);
    expect(tokens[1]?.by).toBe('day');
  });

  it("named days: the bakery's own notes name their dates", () => {
    const { lower, tokens } = tokensOf('Are you open on Thanksgiving?');
    const named = [{ date: '2026-11-26', note: 'Closed for Thanksgiving' }];
    expect(readNamedDays(tokens, named)).toEqual([{ date: '2026-11-26', at: 4 }]);
    expect(claimed(lower, tokens, 'day')).toEqual(['thanksgiving']);
  });
});

describe('readers never read one word twice', () => {
  scenario('Each reader claims its own words, and no word is read by two', () => {
    const questions = [
      "Hi! Could I get a baker's dozen cinnamon buns and 2 rye loaves for next Friday at half ten?",
      'Do you have hot cross buns? I need about 40 for Saturday morning, nut free if possible.',
      'My son has a tree nut allergy. Are the cinnamon buns safe for him?',
      'Can you deliver 3 dozen sourdough rolls to my office on 12/24 at 2?',
      'What are your hours on Christmas Eve, and do you take amex?',
    ];
    for (const question of questions) {
      const { tokens, lower } = readWithTokens(question, context);
      const spans = spansOf(tokens);
      for (let k = 1; k < spans.length; k++) {
        expect((spans[k]?.start ?? 0) >= (spans[k - 1]?.end ?? 0)).toBe(true);
      }
      // Every claimed word is inside exactly one span of its reader.
      for (const token of tokens.filter((t) => t.used)) {
        const holding = spans.filter((s) => s.start <= token.start && token.end <= s.end);
        expect(holding).toHaveLength(1);
        expect(holding[0]?.kind).toBe(token.by);
        expect(lower.slice(token.start, token.end).length).toBeGreaterThan(0);
      }
    }
  });
});
