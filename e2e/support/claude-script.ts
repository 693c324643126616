import type { FakeResponse } from '../../tests/support/fake-anthropic';

/** The answer the fake Claude writes for the seed question, after one lookup. */
export const claudeAnswer =
  'Hi Maya, thanks for asking! Two dozen sourdough rolls are $1.50 each, $36.00 in all, and ' +
  'we open at 08:00 on Saturday, so 9:00 works well. We do not make croissants, I am afraid; ' +
  'our cinnamon buns are a favourite instead. See you Saturday!';

/**
 * What the fake Messages API plays for the e2e Claude server: a menu lookup, then the answer
 * streamed slowly enough that a person (and a test) can watch it being written.
 */
export const claudeDraftScript: FakeResponse[] = [
  {
    kind: 'message',
    content: [
      { type: 'text', text: 'Let me check the menu.' },
      {
        type: 'tool_use',
        id: 'toolu_e2e_1',
        name: 'menu_item',
        input: { name: 'sourdough rolls' },
      },
    ],
    stop_reason: 'tool_use',
    usage: { input_tokens: 1200, output_tokens: 40, cache_creation_input_tokens: 1100 },
  },
  {
    kind: 'message',
    content: [{ type: 'text', text: claudeAnswer }],
    stop_reason: 'end_turn',
    usage: { input_tokens: 300, output_tokens: 90, cache_read_input_tokens: 1100 },
    chunkSize: 6,
    eventDelayMs: 120,
  },
];

/** Makes the shared fake Messages API play exactly these responses next. */
export async function playOnFakeClaude(responses: FakeResponse[]): Promise<void> {
  const response = await fetch(`${process.env.E2E_FAKE_ANTHROPIC_URL}/__script`, {
    method: 'PUT',
    body: JSON.stringify(responses),
  });
  if (!response.ok) throw new Error(`the fake Messages API refused the script: ${response.status}`);
}
