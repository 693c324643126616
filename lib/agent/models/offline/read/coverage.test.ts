import { describe, expect, it } from 'vitest';
import { gate, isContentWord, stem, stemsMeet } from './coverage';
import type { ReadingContext } from './frame';
import { readQuestion } from './read-question';

const context: ReadingContext = {
  menu: ['Sourdough rolls', 'Rye loaf', 'Cinnamon buns'],
  today: '2026-12-01',
};
const read = (question: string) => readQuestion(question, context);

describe('stems', () => {
  it('meet a verb and its noun', () => {
    expect(stemsMeet(stem('freezing'), stem('freezer'))).toBe(true);
    expect(stemsMeet(stem('delivering'), stem('delivery'))).toBe(true);
    expect(stemsMeet(stem('pay'), stem('payment'))).toBe(true);
    expect(stemsMeet(stem('cater'), stem('custom'))).toBe(false);
    // Three letters are too few to begin another word.
    expect(stemsMeet('par', 'parking')).toBe(false);
  });
});

describe('content words', () => {
  it('leave out stop words, filler, numbers and words addressed to a machine', () => {
    for (const word of ['the', 'thanks', 'wondering', 'loved', "daughter's", 'twelve', 'ignore']) {
      expect(isContentWord(word), word).toBe(false);
    }
    for (const word of ['carburetor', 'pumpkins', 'parking']) {
      expect(isContentWord(word), word).toBe(true);
    }
  });
});

describe('the coverage gate', () => {
  it('passes a question every word of which was read', () => {
    const { frame, unread } = read('Hi! Could I get 6 cinnamon buns for Friday at 10? Thanks!');
    expect(unread).toEqual([]);
    expect(frame.unclear).toEqual([]);
  });

  it('holds words no reader claimed, as stems, and marks them unread', () => {
    const { frame, unread } = read('Can I get a rye loaf and a carburetor for my Honda on Friday?');
    expect(unread).toEqual(['carburetor']);
    expect(frame.unclear).toEqual(['unreadWords']);
    // The frame keeps what was read with certainty.
    expect(frame.items).toEqual([{ name: 'Rye loaf', quantity: 1 }]);
    expect(frame.days).toEqual(['Friday']);
  });

  it('reads availability, the latest day to order, ordering online, paying, reserving and gifts', () => {
    for (const question of [
      'Are the cinnamon buns available tomorrow morning?',
      'do u have any cinnamon buns left today',
      "What's the latest I can order for Saturday?",
      'Can I order online?',
      'Is there a minimum order?',
      'Can I pay when I pick up?',
      'Do you take reservations?',
      'Can I get a dozen cinnamon buns boxed up as a gift?',
    ]) {
      expect(read(question).frame.unclear, question).toEqual([]);
    }
  });

  it('reads a quantity no item took as a quantity', () => {
    const { frame, unread } = read(
      'Do you sell croissants? I would like a dozen for Sunday brunch.',
    );
    expect(unread).toEqual([]);
    expect(frame.offMenu).toEqual(['croissant']);
  });

  it('passes over what a sentence only tells, and names', () => {
    const { frame } = read(
      'My aunt is travelling from Ohio and loves your bakery. Could I get 2 rye loaves for Saturday?\nThanks, Margaret',
    );
    expect(frame.unclear).toEqual([]);
  });

  it('says nothing was understood when no reader read anything', () => {
    expect(read('asdf qwerty zzz').frame.unclear).toEqual(['nothingUnderstood']);
    expect(gate({ understood: false, unread: [], conflicts: [] })).toEqual(['nothingUnderstood']);
  });

  it("searches before it decides: unread words with nothing else read are not yet 'nothing understood'", () => {
    expect(gate({ understood: false, unread: ['basket'], conflicts: [] })).toEqual(['unreadWords']);
    expect(read('Do you do gift baskets?').unread).toEqual(['gift', 'basket']);
  });

  it('reports conflicts beside unread words', () => {
    expect(gate({ understood: true, unread: ['x'], conflicts: ['conflictingDays'] })).toEqual([
      'conflictingDays',
      'unreadWords',
    ]);
    expect(read('3 rye loaves for Friday the 12th').frame.unclear).toEqual(['conflictingDays']);
  });

  it('keeps customer words out of the frame: goods come from the word list', () => {
    const { frame } = read('Do you make chocolate babka or durian croissants?');
    expect(frame.offMenu).toEqual(['babka', 'croissant']);
    expect(frame.unclear).toEqual(['unreadWords']);
    expect(JSON.stringify(frame)).not.toMatch(/durian|chocolate/);
  });
});
