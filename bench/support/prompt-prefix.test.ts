import { describe, expect, it } from 'vitest';
import { comparePrefix, hasCacheBreakpoint, inputPieces } from './prompt-prefix';

const tools = [{ name: 'menu_item', input_schema: { type: 'object' } }];
const first = {
  model: 'm',
  system: 'You draft replies.',
  tools,
  cache_control: { type: 'ephemeral' },
  messages: [{ role: 'user', content: 'Rye on Saturday?' }],
};
const second = {
  ...first,
  messages: [
    ...first.messages,
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'menu_item' }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '$9' }] },
  ],
};

describe('comparing consecutive requests', () => {
  it('puts tools first, then the system prompt, then the messages', () => {
    expect(inputPieces(first)).toEqual([
      JSON.stringify(tools[0]),
      JSON.stringify('You draft replies.'),
      JSON.stringify(first.messages[0]),
    ]);
  });

  it('sees a request that only adds messages as extending the previous one', () => {
    const report = comparePrefix(first, second);
    expect(report.extendsPrevious).toBe(true);
    const total = inputPieces(second).join('').length;
    expect(report.repeatedShare).toBeCloseTo(inputPieces(first).join('').length / total);
  });

  it('notices a changed system prompt: almost nothing repeats', () => {
    const report = comparePrefix(first, { ...second, system: 'Today is Wednesday.' });
    expect(report.extendsPrevious).toBe(false);
    expect(report.repeatedShare).toBeLessThan(0.5);
  });

  it('notices a rewritten earlier message', () => {
    const rewritten = {
      ...second,
      messages: [{ role: 'user', content: 'Rye on Sunday?' }, ...second.messages.slice(1)],
    };
    expect(comparePrefix(first, rewritten).extendsPrevious).toBe(false);
  });

  it('notices changed settings, which also break the cache', () => {
    expect(comparePrefix(first, { ...second, model: 'other' }).extendsPrevious).toBe(false);
  });

  it('finds a breakpoint at the top level or on a block, and none otherwise', () => {
    expect(hasCacheBreakpoint(first)).toBe(true);
    const { cache_control: _, ...without } = first;
    expect(hasCacheBreakpoint(without)).toBe(false);
    expect(
      hasCacheBreakpoint({
        ...without,
        system: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral' } }],
      }),
    ).toBe(true);
  });
});
