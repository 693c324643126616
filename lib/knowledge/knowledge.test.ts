import { describe, expect, it } from 'vitest';
import { handoverTopicsInput, knowledgeEntryInput } from './forms';
import { knowledgeQuery, knowledgeTsQuery } from './search-query';
import { knowledgeStart } from './start';

describe('a customer’s words as a search', () => {
  it('quotes each word, matches stems by prefix and drops words that say nothing', () => {
    expect(knowledgeQuery('Could you deliver to my office?')).toBe('"deliver"* OR "office"*');
    expect(knowledgeQuery('Can I pay by card?')).toBe('"pay"* OR "card"*');
  });

  it('leaves no query syntax in, and nothing to search for in filler', () => {
    expect(knowledgeQuery('" OR NEAR(x*) title:cake')).toBe('"near"* OR "title"* OR "cake"*');
    expect(knowledgeQuery('can you do it for me?')).toBeNull();
    expect(knowledgeQuery('')).toBeNull();
  });

  it('gives PostgreSQL the same words, prefixes and ORs as a tsquery', () => {
    expect(knowledgeTsQuery('Could you deliver to my office?')).toBe("'deliver':* | 'office':*");
    expect(knowledgeTsQuery('Is it ok by card?')).toBe("'ok' | 'card':*");
    expect(knowledgeTsQuery("' | !x:* & (cake) <-> title:B")).toBe("'cake':* | 'title':*");
    expect(knowledgeTsQuery('can you do it for me?')).toBeNull();
    expect(knowledgeTsQuery('')).toBeNull();
  });
});

describe('the knowledge forms', () => {
  it('reads an entry: trimmed, tags lower-cased once each, the switch', () => {
    expect(
      knowledgeEntryInput.parse({
        title: ' Delivery ',
        answer: ' Within 3 miles. ',
        tags: 'Delivery, fees,, delivery ',
        enabled: 'on',
      }),
    ).toEqual({
      title: 'Delivery',
      answer: 'Within 3 miles.',
      tags: ['delivery', 'fees'],
      enabled: true,
    });
  });

  it.each([
    [{ title: ' ' }, 'title', 'Enter a title'],
    [{ answer: '' }, 'answer', 'Enter the answer'],
    [{ title: 'x'.repeat(81) }, 'title', 'at most 80'],
    [{ answer: 'x'.repeat(1001) }, 'answer', 'at most 1000'],
    [{ tags: 'a,b,c,d,e,f,g,h,i' }, 'tags', 'at most 8'],
    [{ tags: 'x'.repeat(31) }, 'tags', '30 characters'],
  ])('refuses %j beside %s', (change, field, message) => {
    const parsed = knowledgeEntryInput.safeParse({ title: 'T', answer: 'A', ...change });
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toContain(message);
  });

  it('reads handover topics one a line', () => {
    expect(
      handoverTopicsInput.parse({ topics: 'Wedding  cakes\n\nparking\nwedding cakes' }),
    ).toEqual({ topics: ['wedding cakes', 'parking'] });
    expect(handoverTopicsInput.safeParse({ topics: 'x'.repeat(61) }).success).toBe(false);
  });

  it('starts an entry from a question nothing answered', () => {
    expect(knowledgeStart({ topic: 'parking', question: 'Is there  parking?' })).toEqual({
      title: 'Parking',
      question: 'Is there parking?',
    });
    // The insights dashboard's link: the question's first line as the title.
    expect(knowledgeStart({ new: '1', title: 'Is there parking near the shop?' })).toEqual({
      title: 'Is there parking near the shop?',
      question: 'Is there parking near the shop?',
    });
    expect(knowledgeStart({ new: '1', title: 'x'.repeat(120) })?.title).toHaveLength(80);
    expect(knowledgeStart({})).toBeNull();
  });
});
