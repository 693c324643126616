import { describe, expect, it } from 'vitest';
import { stem } from './read/coverage';
import { answersUnread } from './second-turn';

describe("the owner's knowledge answers unread words", () => {
  it('when a word of the entry title meets one of them, stems aside', () => {
    expect(answersUnread({ title: 'Gift baskets' }, ['gift', 'basket'])).toBe(true);
    expect(answersUnread({ title: 'Freezing our bread' }, [stem('freeze')])).toBe(true);
    expect(answersUnread({ title: 'Delivery radius and fee' }, [stem('delivering')])).toBe(true);
    expect(answersUnread({ title: 'Payment' }, [stem('pay')])).toBe(true);
  });

  it('never by a word its answer holds but its title does not', () => {
    expect(answersUnread({ title: 'Custom cakes' }, ['writing'])).toBe(false);
    expect(answersUnread({ title: 'Payment' }, ['carburetor'])).toBe(false);
  });
});
