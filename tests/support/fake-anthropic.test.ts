import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnthropic, fake, startFakeAnthropic } from './fake-anthropic';

/**
 * The fake must refuse what the real Messages API refuses, or tests pass on requests the API
 * would turn away. One case per rule, each over real HTTP.
 */
let api: FakeAnthropic;
beforeEach(async () => {
  api = await startFakeAnthropic({ whenEmpty: fake.text('fine') });
});
afterEach(() => api.close());

type Body = Record<string, unknown>;

const validBody = (): Body => ({
  model: 'claude-opus-5-5',
  max_tokens: 100,
  system: [{ type: 'text', text: 'You draft replies.', cache_control: { type: 'ephemeral' } }],
  tools: [
    {
      name: 'menu_item',
      description: 'One item.',
      strict: true,
      input_schema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'The item.' },
          day: { type: ['string', 'null'] },
          lines: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              properties: { quantity: { type: 'integer' } },
              required: ['quantity'],
              additionalProperties: false,
            },
          },
        },
        required: ['name', 'day', 'lines'],
        additionalProperties: false,
      },
    },
  ],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Rye?' }] },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'menu_item', input: { name: 'rye' } }],
    },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"price":"$9.00"}' }],
    },
  ],
  cache_control: { type: 'ephemeral' },
});

async function post(body: Body): Promise<{ status: number; type?: string; message?: string }> {
  const response = await fetch(`${api.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { error?: { type: string; message: string } };
  return { status: response.status, type: json.error?.type, message: json.error?.message };
}

const quantity = (body: Body) =>
  // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
  (body as any).tools[0].input_schema.properties.lines.items.properties.quantity;

describe('the fake Messages API', () => {
  it('answers a request the real API would take', async () => {
    expect((await post(validBody())).status).toBe(200);
  });

  const refused: [string, (body: Body) => void, RegExp][] = [
    [
      'a numeric bound in a strict schema',
      (body) => {
        quantity(body).maximum = 500;
      },
      /For 'integer' type, property 'maximum' is not supported/,
    ],
    [
      'a string length in a strict schema',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.tools[0].input_schema.properties.name.minLength = 1;
      },
      /For 'string' type, property 'minLength' is not supported/,
    ],
    [
      'a pattern in a strict schema',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.tools[0].input_schema.properties.name.pattern = '^[a-z]+$';
      },
      /property 'pattern' is not supported/,
    ],
    [
      'minItems above 1 in a strict schema',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.tools[0].input_schema.properties.lines.minItems = 2;
      },
      /'minItems' values other than 0 or 1 are not supported/,
    ],
    [
      'an unsupported string format in a strict schema',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.tools[0].input_schema.properties.name.format = 'phone';
      },
      /format 'phone' is not supported/,
    ],
    [
      'an object in a strict schema left open',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        delete body.tools[0].input_schema.properties.lines.items.additionalProperties;
      },
      /'additionalProperties' must be explicitly set to false/,
    ],
    [
      'a tool_use without its tool_result in the next turn',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.messages[1].content.push({
          type: 'tool_use',
          id: 'toolu_2',
          name: 'menu_item',
          input: { name: 'rye' },
        });
      },
      /`tool_use` ids were found without `tool_result` blocks immediately after: toolu_2/,
    ],
    [
      'a tool_result whose id matches no call',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.messages[2].content.push({
          type: 'tool_result',
          tool_use_id: 'toolu_9',
          content: 'x',
        });
      },
      /unexpected `tool_use_id` found in `tool_result` blocks: toolu_9/,
    ],
    [
      'roles that do not alternate',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.messages.push({ role: 'user', content: 'And a baguette?' });
      },
      /roles must alternate between "user" and "assistant"/,
    ],
    [
      'a conversation that starts with the assistant',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.messages = [{ role: 'assistant', content: 'Hello' }];
      },
      /first message must use the "user" role/,
    ],
    [
      'an empty text block',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.messages[0].content.push({ type: 'text', text: '  ' });
      },
      /text content blocks must be non-empty/,
    ],
    [
      'more than four cache_control breakpoints',
      // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
      (body: any) => {
        body.tools[0].cache_control = { type: 'ephemeral' };
        body.messages[0].content[0].cache_control = { type: 'ephemeral' };
        body.messages[2].content[0].cache_control = { type: 'ephemeral' };
      },
      /A maximum of 4 blocks with cache_control may be provided. Found 5/,
    ],
  ];

  for (const [rule, breakIt, says] of refused) {
    it(`refuses ${rule} with 400 invalid_request_error, using up no scripted response`, async () => {
      api.push(fake.text('scripted'));
      const body = validBody();
      breakIt(body);
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.type).toBe('invalid_request_error');
      expect(answer.message).toMatch(says);
      expect(api.requests.at(-1)?.refusal?.message).toMatch(says);
      // The scripted answer is still there for the next good request.
      const next = await fetch(`${api.url}/v1/messages`, {
        method: 'POST',
        body: JSON.stringify(validBody()),
      });
      expect(JSON.stringify(await next.json())).toContain('scripted');
    });
  }

  it('answers an unknown model with 404 not_found_error', async () => {
    const answer = await post({ ...validBody(), model: 'claude-imaginary-9' });
    expect(answer).toEqual({
      status: 404,
      type: 'not_found_error',
      message: 'model: claude-imaginary-9',
    });
  });

  it('takes a dated id of a model it knows, and a schema that is not strict as it is', async () => {
    const body = validBody();
    // biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
    (body as any).tools[0].strict = false;
    quantity(body).maximum = 500;
    expect((await post({ ...body, model: 'claude-haiku-4-5-20251001' })).status).toBe(200);
  });
});
