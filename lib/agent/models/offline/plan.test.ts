import { describe, expect, it } from 'vitest';
import { readConversation } from './follow-up';
import { planCalls } from './plan';

const context = { menu: ['Sourdough rolls', 'Rye loaf', 'Cinnamon buns'], today: '2026-12-01' };

/** Questions each carrying a word that is the customer's own, never the desk's. */
const questions: [string, RegExp][] = [
  ['Do you make zorblax croissants? I need 12 for Friday.', /zorblax/i],
  ['Could you deliver 2 rye loaves to Quillby Lane on Saturday?', /quillby/i],
  ['Can I pay by bitcoin or with Quozzle vouchers?', /quozzle/i],
  ['Do you bake hot cross buns with Vantablack icing for my party?', /vantablack/i],
  ['My son is allergic to sesame and Brindleberry. Are the cinnamon buns OK?', /brindleberry/i],
  ['The rye loaf from yesterday was stale and the Plimsoll was rude. Not happy.', /plimsoll/i],
  ['Can I get a rye loaf and a Honda carburetor on Friday?', /honda|carburetor/i],
];

describe('the plan', () => {
  it("holds no word of the customer's in any purpose", () => {
    for (const [question, own] of questions) {
      const planned = planCalls(readConversation([], question, context));
      expect(planned.length, question).toBeGreaterThan(0);
      const purposes = JSON.stringify(planned.map((p) => p.purpose));
      expect(purposes, question).not.toMatch(own);
    }
  });

  it("names a good the menu lacks by the desk's own word for it", () => {
    const planned = planCalls(readConversation([], 'Do you sell dinner rolls?', context));
    expect(planned.map((p) => p.purpose)).toContainEqual({
      kind: 'offMenu',
      good: 'dinner roll',
      name: 'dinner rolls',
    });
  });

  it("searches the owner's knowledge with the unread words only as a tool's input", () => {
    const planned = planCalls(readConversation([], 'Do you do gift baskets?', context));
    expect(planned).toEqual([
      {
        call: { id: 'c1', name: 'search_knowledge', input: { query: 'gift basket' } },
        purpose: { kind: 'knowledge', topic: expect.objectContaining({ reason: 'notUnderstood' }) },
      },
    ]);
  });
});
