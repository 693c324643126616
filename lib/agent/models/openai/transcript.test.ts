import { describe, expect, it } from 'vitest';
import { earlierInstruction, followUpInstruction, taskInstruction } from '../claude/prompt';
import { chatMessages } from './transcript';

describe('chatMessages', () => {
  it('turns a conversation into alternating turns, each customer message in its own part', () => {
    const messages = chatMessages({
      system: 'You draft replies.',
      timing: 'It is now Tuesday.',
      earlier: [
        { author: 'customer', text: 'Two rye loaves Saturday?' },
        { author: 'bakery', text: 'Yes, $18.00 in all.' },
        { author: 'customer', text: 'Thanks!' },
      ],
      newest: 'Actually make it Friday.',
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
          { type: 'text', text: earlierInstruction },
          { type: 'text', text: 'Two rye loaves Saturday?' },
        ],
      },
      { role: 'assistant', content: 'Yes, $18.00 in all.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: earlierInstruction },
          { type: 'text', text: 'Thanks!' },
          { type: 'text', text: `${followUpInstruction} It is now Tuesday.` },
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

  it('opens a one-message conversation with the task and the message, a blank one still read', () => {
    expect(chatMessages({ system: 's', earlier: [], newest: '  ', exchanges: [] })).toEqual([
      { role: 'system', content: 's' },
      {
        role: 'user',
        content: [
          { type: 'text', text: taskInstruction },
          { type: 'text', text: '(the customer sent an empty message)' },
        ],
      },
    ]);
  });

  it('answers every call in the order the model asked, whatever order the results came in', () => {
    const messages = chatMessages({
      system: 's',
      earlier: [],
      newest: 'q',
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
