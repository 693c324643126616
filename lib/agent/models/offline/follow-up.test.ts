import { describe, expect, it } from 'vitest';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { scenario } from '@/tests/support/scenario';
import { bakeryTools } from '../../bakery/tools';
import { runAgent } from '../../core/run-agent';
import type { Run, ThreadTurn } from '../../types';
import { createModel } from '../create-model';
import { readConversation } from './follow-up';

const limits = { maxTurns: 4, maxTokens: 1000, maxDollars: 1 };

async function draftFollowUp(
  earlier: ThreadTurn[],
  newest: string,
): Promise<{ run: Run; text: string; quotes: unknown[] }> {
  const facts = exampleBakeryData();
  const now = tuesdayMorning;
  const run = await runAgent({
    model: createModel({ kind: 'offline', facts, now }),
    tools: bakeryTools(facts, { now, askedAt: now }),
    task: newest,
    earlier,
    limits,
  });
  const quotes = run.steps
    .filter((step) => step.call.name === 'quote_order')
    .map((step) => step.call.input);
  return { run, text: run.stop.kind === 'answered' ? run.stop.text : '', quotes };
}

const rollsOrder: ThreadTurn[] = [
  { author: 'customer', text: 'Can I pick up two dozen sourdough rolls on Saturday at 9?' },
  { author: 'bakery', text: 'Yes! 24 sourdough rolls come to $36.00, ready Saturday at 9 am.' },
];

describe('the offline drafter in a conversation', () => {
  scenario('A follow-up that adds to an order quotes the whole order', async () => {
    const { text, quotes } = await draftFollowUp(rollsOrder, 'Thanks! Can I add two rye loaves?');
    expect(quotes).toEqual([
      {
        items: [
          { name: 'sourdough rolls', quantity: 24 },
          { name: 'rye loaf', quantity: 2 },
        ],
        day: 'Saturday',
        time: '09:00',
      },
    ]);
    expect(text).toContain('$54.00');
    expect(text).toContain('Saturday, December 5');
    expect(text).toContain('9 am');
  });

  scenario('A follow-up that changes the day moves the earlier order', async () => {
    const earlier: ThreadTurn[] = [
      { author: 'customer', text: 'Six cinnamon buns on Saturday at 9 please' },
      { author: 'bakery', text: 'Six cinnamon buns are $24.00, ready Saturday at 9 am.' },
    ];
    const { text, quotes } = await draftFollowUp(earlier, 'Actually make it Friday');
    expect(quotes).toEqual([
      { items: [{ name: 'cinnamon buns', quantity: 6 }], day: 'Friday', time: '09:00' },
    ]);
    expect(text).toContain('Friday, December 4');
    expect(text).toContain('$24.00');
    expect(text).not.toContain('Saturday');
  });

  scenario('A follow-up that stands on its own is answered on its own', async () => {
    const { text, quotes } = await draftFollowUp(rollsOrder, 'Are you open on Monday?');
    expect(quotes).toEqual([]);
    expect(text).toContain('closed on Monday, December 7');
    expect(text).not.toContain('rolls');
  });

  it('gives a count alone to the one item asked about before', async () => {
    const earlier: ThreadTurn[] = [
      { author: 'customer', text: 'How much is the rye?' },
      { author: 'bakery', text: 'A rye loaf is $9.00.' },
    ];
    const { quotes, text } = await draftFollowUp(earlier, "great, I'll take 3 on Friday then");
    expect(quotes).toEqual([
      { items: [{ name: 'rye loaf', quantity: 3 }], day: 'Friday', time: null },
    ]);
    expect(text).toContain('$27.00');
    const twoThen = await draftFollowUp(earlier, 'Make it two.');
    expect(twoThen.quotes).toEqual([
      { items: [{ name: 'rye loaf', quantity: 2 }], day: null, time: null },
    ]);
    expect(twoThen.run.needsPerson).toBeNull();
    // With two items asked about before, a count alone belongs to neither.
    const two: ThreadTurn[] = [{ author: 'customer', text: 'How much are the rye and the buns?' }];
    expect((await draftFollowUp(two, "I'll take 3 on Friday")).quotes).toEqual([]);
  });

  it('changes a count in place, keeps the order when only a time moves, and ignores the bakery', () => {
    const context = { menu: ['Sourdough rolls', 'Rye loaf', 'Cinnamon buns'], today: '2026-12-01' };
    const earlier: ThreadTurn[] = [
      { author: 'customer', text: '12 sourdough rolls and a rye loaf for Friday at 10' },
      { author: 'bakery', text: 'Add 3 cinnamon buns on Monday, we said.' },
    ];
    const fewer = readConversation(earlier, 'Actually make it 6 sourdough rolls', context).frame;
    expect(fewer.items).toEqual([
      { name: 'Sourdough rolls', quantity: 6 },
      { name: 'Rye loaf', quantity: 1 },
    ]);
    expect(fewer.days).toEqual(['Friday']);
    const later = readConversation(earlier, 'What about 11 instead?', context).frame;
    expect(later.items.map((item) => item.name)).toEqual(['Sourdough rolls', 'Rye loaf']);
    expect(later).toMatchObject({ days: ['Friday'], time: '11:00' });
    // Without an earlier order nothing is carried.
    const alone = readConversation([], 'Actually make it Friday', context).frame;
    expect(alone.items).toEqual([]);
  });
});
