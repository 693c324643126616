import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAI, fakeChat, startFakeOpenAI } from './fake-openai';

/**
 * The fake must refuse what the real Chat Completions API refuses, or tests pass on requests the
 * API would turn away. One case per rule, each over real HTTP; and what it plays must read as
 * the API's own answers through the real SDK.
 */
let api: FakeOpenAI;
beforeEach(async () => {
  api = await startFakeOpenAI({ whenEmpty: fakeChat.text('fine') });
});
afterEach(() => api.close());

type Body = Record<string, unknown>;

const validBody = (): Body => ({
  model: 'gpt-4.1',
  max_completion_tokens: 100,
  parallel_tool_calls: true,
  tools: [
    {
      type: 'function',
      function: {
        name: 'menu_item',
        description: 'One item.',
        strict: true,
        parameters: {
          type: 'object',
          properties: {
            name: { type: 'string', description: 'The item.' },
            day: { type: ['string', 'null'] },
            reason: { type: 'string', enum: ['allergens', 'other'] },
            lines: {
              type: 'array',
              items: {
                type: 'object',
                properties: { quantity: { type: 'integer', minimum: 1 } },
                required: ['quantity'],
                additionalProperties: false,
              },
            },
          },
          required: ['name', 'day', 'reason', 'lines'],
          additionalProperties: false,
        },
      },
    },
  ],
  messages: [
    { role: 'system', content: 'You draft replies.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Draft a reply.' },
        { type: 'text', text: 'Rye?' },
      ],
    },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'menu_item', arguments: '{}' } },
        { id: 'call_2', type: 'function', function: { name: 'menu_item', arguments: '{}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '{"price":"$9.00"}' },
    { role: 'tool', tool_call_id: 'call_2', content: '{"price":"$1.50"}' },
  ],
});

async function post(
  body: Body,
): Promise<{ status: number; type?: string; code?: string | null; message?: string }> {
  const response = await fetch(`${api.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as {
    error?: { type: string; code: string | null; message: string };
  };
  return {
    status: response.status,
    type: json.error?.type,
    code: json.error?.code,
    message: json.error?.message,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: reaching into a JSON fixture.
type Fixture = any;
const parameters = (body: Fixture) => body.tools[0].function.parameters;

describe('the fake Chat Completions API', () => {
  it('answers a request the real API would take', async () => {
    expect((await post(validBody())).status).toBe(200);
  });

  const refused: [string, (body: Fixture) => void, RegExp][] = [
    [
      'a string length in a strict schema',
      (body) => {
        parameters(body).properties.name.minLength = 1;
      },
      /Invalid schema for function 'menu_item': In context=\('properties', 'name'\), 'minLength' is not permitted/,
    ],
    [
      'a default in a strict schema',
      (body) => {
        parameters(body).properties.day.default = null;
      },
      /In context=\('properties', 'day'\), 'default' is not permitted/,
    ],
    [
      'allOf in a strict schema',
      (body) => {
        parameters(body).properties.name = { allOf: [{ type: 'string' }] };
      },
      /'allOf' is not permitted/,
    ],
    [
      'a strict property that is not required',
      (body) => {
        parameters(body).required = ['name', 'reason', 'lines'];
      },
      /In context=\(\), 'required' is required to be supplied and to be an array including every key in properties\. Missing 'day'/,
    ],
    [
      'a strict object left open',
      (body) => {
        delete parameters(body).properties.lines.items.additionalProperties;
      },
      /In context=\('properties', 'lines', 'items'\), 'additionalProperties' is required to be supplied and to be false/,
    ],
    [
      'a strict node without a type',
      (body) => {
        delete parameters(body).properties.reason.type;
      },
      /In context=\('properties', 'reason'\), schema must have a 'type' key/,
    ],
    [
      'an unsupported string format in a strict schema',
      (body) => {
        parameters(body).properties.name.format = 'phone';
      },
      /'phone' is not a valid format/,
    ],
    [
      'strict parameters that are not an object',
      (body) => {
        body.tools[0].function.parameters = { type: 'string' };
      },
      /schema must be a JSON Schema of 'type: "object"', got 'type: "string"'/,
    ],
    [
      'a function name with spaces',
      (body) => {
        body.tools[0].function.name = 'menu item';
      },
      /Invalid 'tools\[0\]\.function\.name': string does not match pattern/,
    ],
    [
      'a tool call without its tool message',
      (body) => {
        body.messages.pop();
      },
      /An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'\. The following tool_call_ids did not have response messages: call_2/,
    ],
    [
      'a tool message whose id matches no call',
      (body) => {
        body.messages.push({ role: 'tool', tool_call_id: 'call_9', content: 'x' });
      },
      /'tool_call_id' of 'call_9' not found in 'tool_calls' of previous message/,
    ],
    [
      'a tool message that follows no tool calls',
      (body) => {
        body.messages.splice(2, 1);
      },
      /messages with role 'tool' must be a response to a preceeding message with 'tool_calls'/,
    ],
    [
      'another message between the calls and their tool messages',
      (body) => {
        body.messages.splice(3, 0, { role: 'user', content: 'And a baguette?' });
      },
      /following tool_call_ids did not have response messages: call_1, call_2/,
    ],
    [
      'an assistant message with neither content nor calls',
      (body) => {
        body.messages.push({ role: 'assistant', content: null });
      },
      /Invalid value for 'content': expected a string, got null/,
    ],
    [
      'a role the API does not know',
      (body) => {
        body.messages[1].role = 'customer';
      },
      /Invalid value: 'customer'\. Supported values are/,
    ],
    [
      'an empty content array',
      (body) => {
        body.messages[1].content = [];
      },
      /Invalid 'messages\[1\]\.content': empty array/,
    ],
    [
      'no messages at all',
      (body) => {
        body.messages = [];
      },
      /Invalid 'messages': empty array/,
    ],
    [
      'parallel_tool_calls without tools',
      (body) => {
        delete body.tools;
        body.messages = body.messages.slice(0, 2);
      },
      /'parallel_tool_calls' is only allowed when 'tools' are specified/,
    ],
    [
      'stream_options without a stream',
      (body) => {
        body.stream_options = { include_usage: true };
      },
      /The 'stream_options' parameter is only allowed when 'stream' is enabled/,
    ],
    [
      'max_tokens sent to a reasoning model',
      (body) => {
        body.model = 'gpt-5-mini';
        body.max_tokens = 100;
      },
      /Unsupported parameter: 'max_tokens' is not supported with this model\. Use 'max_completion_tokens' instead/,
    ],
  ];

  for (const [rule, breakIt, says] of refused) {
    it(`refuses ${rule} with 400 invalid_request_error, using up no scripted response`, async () => {
      api.push(fakeChat.text('scripted'));
      const body = validBody();
      breakIt(body);
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.type).toBe('invalid_request_error');
      expect(answer.message).toMatch(says);
      expect(api.requests.at(-1)?.refusal?.message).toMatch(says);
      const next = await fetch(`${api.baseURL}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify(validBody()),
      });
      expect(JSON.stringify(await next.json())).toContain('scripted');
    });
  }

  it('answers an unknown model with 404 model_not_found', async () => {
    const answer = await post({ ...validBody(), model: 'gpt-imaginary-9' });
    expect(answer).toEqual({
      status: 404,
      type: 'invalid_request_error',
      code: 'model_not_found',
      message: 'The model `gpt-imaginary-9` does not exist or you do not have access to it.',
    });
  });

  it('takes a dated id, a model it was told it has, and a schema that is not strict as it is', async () => {
    expect((await post({ ...validBody(), model: 'gpt-4.1-2025-04-14' })).status).toBe(200);
    const local = await startFakeOpenAI({ models: ['llama3.2'], whenEmpty: fakeChat.text('ok') });
    try {
      const body: Fixture = validBody();
      body.tools[0].function.strict = false;
      parameters(body).properties.name.minLength = 1;
      const response = await fetch(`${local.baseURL}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ ...body, model: 'llama3.2' }),
      });
      expect(response.status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('as a basic server, refuses strict schemas and parallel calls', async () => {
    const basic = await startFakeOpenAI({ dialect: 'basic', whenEmpty: fakeChat.text('ok') });
    try {
      const send = (body: Body) =>
        fetch(`${basic.baseURL}/chat/completions`, { method: 'POST', body: JSON.stringify(body) });
      const strict = await send(validBody());
      expect(strict.status).toBe(400);
      expect(JSON.stringify(await strict.json())).toContain('parallel_tool_calls is not supported');
      const body: Fixture = validBody();
      body.parallel_tool_calls = false;
      expect(JSON.stringify(await (await send(body)).json())).toContain(
        'strict function schemas are not supported',
      );
      body.tools[0].function.strict = false;
      expect((await send(body)).status).toBe(200);
    } finally {
      await basic.close();
    }
  });

  it('streams chunks and answers whole completions that the real SDK reads', async () => {
    const client = new OpenAI({ apiKey: 'k', baseURL: api.baseURL, maxRetries: 0 });
    const request = { model: 'gpt-4.1', messages: [{ role: 'user' as const, content: 'Rye?' }] };
    api.push(
      fakeChat.calls(
        [
          { id: 'call_a', name: 'menu_item', arguments: { name: 'rye loaf' } },
          { id: 'call_b', name: 'opening_hours', arguments: { day: 'Saturday' } },
        ],
        { prompt_tokens: 50, completion_tokens: 20, cached_tokens: 30 },
        'Checking.',
      ),
    );
    const streamed = await client.chat.completions
      .stream({ ...request, stream_options: { include_usage: true } })
      .finalChatCompletion();
    expect(streamed.choices[0]?.finish_reason).toBe('tool_calls');
    expect(streamed.choices[0]?.message.content).toBe('Checking.');
    expect(
      streamed.choices[0]?.message.tool_calls?.map((c) =>
        c.type === 'function' ? [c.id, c.function.name, JSON.parse(c.function.arguments)] : [],
      ),
    ).toEqual([
      ['call_a', 'menu_item', { name: 'rye loaf' }],
      ['call_b', 'opening_hours', { day: 'Saturday' }],
    ]);
    expect(streamed.usage).toMatchObject({
      prompt_tokens: 50,
      completion_tokens: 20,
      prompt_tokens_details: { cached_tokens: 30 },
    });

    api.push(fakeChat.text('A rye loaf is $9.00.'));
    const whole = await client.chat.completions.create(request);
    expect(whole.choices[0]?.message.content).toBe('A rye loaf is $9.00.');
    expect(whole.choices[0]?.finish_reason).toBe('stop');
  });

  it("answers errors in OpenAI's error shape, headers included", async () => {
    api.push(
      fakeChat.error(429, 'requests', 'Rate limit reached', {
        code: 'rate_limit_exceeded',
        headers: { 'retry-after-ms': '1' },
      }),
    );
    const response = await fetch(`${api.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify(validBody()),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after-ms')).toBe('1');
    expect(await response.json()).toEqual({
      error: {
        message: 'Rate limit reached',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    });
  });
});
