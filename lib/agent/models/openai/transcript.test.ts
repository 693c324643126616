import { describe, expect, it } from 'vitest';
import { chatMessages } from './transcript';

describe('chatMessages', () => {
  it('turns a thread of customer and bakery messages into alternating turns, the instruction apart', () => {
    const messages = chatMessages({
      system: 'You draft replies.',
      instruction: 'Answer the newest customer message.',
      thread: [
        { author: 'customer', text: 'Two rye loaves Saturday?' },
        { author: 'bakery', text: 'Yes, $18.00 in all.' },
        { author: 'customer', text: 'Thanks!' },
        { author: 'customer', text: '   ' },
        { author: 'customer', text: 'Actually make it Friday.' },
      ],
      exchanges: [
        {
          text: '',
          calls: [{ id: 'c1', name: 'opening_hours', arguments: '{"day":"Friday"}' }],
          results: [{ callId: 'c1', content: 'no such day', isError: true, errorKind: 'badInput' }],
        },
        { text: 'Friday works.', calls: [] },
      ],
    });
    expect(messages).toEqual([
      { role: 'system', content: 'You draft replies.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Answer the newest customer message.' },
          { type: 'text', text: 'Two rye loaves Saturday?' },
        ],
      },
      { role: 'assistant', content: 'Yes, $18.00 in all.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Thanks!' },
          { type: 'text', text: '(the customer sent an empty message)' },
          { type: 'text', text: 'Actually make it Friday.' },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'opening_hours', arguments: '{"day":"Friday"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'Error (badInput): no such day' },
      { role: 'assistant', content: 'Friday works.' },
    ]);
  });

  it('gives the instruction its own user turn when the thread opens with the bakery', () => {
    const messages = chatMessages({
      system: 's',
      instruction: 'i',
      thread: [
        { author: 'bakery', text: 'Your order is ready.' },
        { author: 'customer', text: 'Great, thanks.' },
      ],
      exchanges: [],
    });
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1]).toEqual({ role: 'user', content: [{ type: 'text', text: 'i' }] });
    expect(messages[3]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Great, thanks.' }],
    });
  });

  it('answers every call in the order the model asked, whatever order the results came in', () => {
    const messages = chatMessages({
      system: 's',
      instruction: 'i',
      thread: [{ author: 'customer', text: 'q' }],
      exchanges: [
        {
          text: '',
          calls: [
            { id: 'a', name: 'list_menu', arguments: '{}' },
            { id: 'b', name: 'list_menu', arguments: '{}' },
          ],
          results: [{ callId: 'b', content: 'B', isError: false }],
        },
      ],
    });
    expect(messages.slice(3)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: 'Error: this call was not run.' },
      { role: 'tool', tool_call_id: 'b', content: 'B' },
    ]);
  });
});
