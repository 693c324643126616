import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../scripts/model-check';
import { runInProcess } from '../support/command';
import { type FakeAnthropic, fake, startFakeAnthropic } from '../support/fake-anthropic';
import { type FakeOpenAI, fakeChat, startFakeOpenAI } from '../support/fake-openai';
import { openOutsideConnection } from '../support/outside-connection';
import { type TempDatabase, useTempDatabase } from '../support/temp-db';

// The command's main runs in this process, on the test's own database (process.env points at
// it): a SQLite file, or a PostgreSQL database. tests/scripts/commands.test.ts runs it as a process.
let temp: TempDatabase;
beforeAll(async () => {
  temp = await useTempDatabase();
});
afterAll(() => temp.cleanup());

let api: FakeAnthropic;
beforeEach(async () => {
  api = await startFakeAnthropic();
});
afterEach(() => api.close());

async function modelCheck(
  environment: Record<string, string>,
): Promise<{ code: number; stdout: string }> {
  const { code, stdout } = await runInProcess(main, [], {
    env: {
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: api.url,
      DRAFT_MODEL: '',
      CLAUDE_MODEL: '',
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      OPENAI_MODEL: '',
      OPENAI_STRICT: '',
      ...environment,
    },
    name: 'The model check could not run',
    crashCode: 2,
  });
  return { code, stdout };
}

/** A port nothing listens on: bound, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run model:check', () => {
  it('says it works, with model, latency, tokens and cache, only after a real request with the real tools', async () => {
    api.push(
      fake.text('Yes, we are open today from 07:00.', {
        input_tokens: 1200,
        output_tokens: 12,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 1100,
      }),
    );
    const { code, stdout } = await modelCheck({});
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout).toMatch(
      /^Works: claude-opus-5-5 answered in \d+ ms with the desk's tools \(1200 input and 12 output tokens; cache read 0, cache write 1100\)\./,
    );
    const request = api.requests[0];
    expect(request?.refusal).toBeUndefined();
    const body = request?.body as { tools: { name: string }[]; system: unknown; stream?: boolean };
    expect(body.tools.map((t) => t.name)).toEqual([
      'opening_hours',
      'menu_item',
      'list_menu',
      'quote_order',
      'search_knowledge',
      'mark_for_person',
    ]);
    expect(JSON.stringify(body.system)).toContain('only from the tools');
    // Nothing but the request: no question, run or audit row is written.
    const db = await openOutsideConnection(temp);
    try {
      const count = async (table: string) =>
        Number((await db.rows(`select count(*) as n from ${table}`))[0]?.n);
      expect([await count('agent_runs'), await count('audit_log')]).toEqual([0, 0]);
    } finally {
      await db.close();
    }
  });

  const failures: [string, () => Promise<Record<string, string>>, RegExp][] = [
    [
      'a rejected key',
      async () => {
        api.push(fake.error(401, 'authentication_error', 'invalid x-api-key'));
        return {};
      },
      /^Key rejected: The API key was rejected \(401 authentication_error: invalid x-api-key\)\. Check ANTHROPIC_API_KEY\./,
    ],
    [
      'a model the API does not have',
      async () => ({ CLAUDE_MODEL: 'claude-imaginary-9' }),
      /^Model not found: Model claude-imaginary-9 does not exist \(404 not_found_error: model: claude-imaginary-9\)\. Check CLAUDE_MODEL\./,
    ],
    [
      'a refused schema',
      async () => {
        api.push(
          fake.error(
            400,
            'invalid_request_error',
            "tools.3.custom.input_schema: For 'integer' type, property 'maximum' is not supported",
          ),
        );
        return {};
      },
      /^Schema or request refused: The model refused the request \(400 invalid_request_error: tools\.3\.custom\.input_schema: For 'integer' type, property 'maximum' is not supported\)/,
    ],
    [
      'an unreachable network',
      async () => ({ ANTHROPIC_BASE_URL: `http://127.0.0.1:${await closedPort()}` }),
      /^Network unreachable: The Claude API at http:\/\/127\.0\.0\.1:\d+ could not be reached/,
    ],
    [
      'a rate limit',
      async () => {
        api.push(
          fake.error(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit'),
        );
        return {};
      },
      /^Rate limited: Rate limited by the API \(429 rate_limit_error: Number of requests has exceeded your rate limit\)\. Try again in a minute/,
    ],
    [
      'no key at all',
      async () => ({ ANTHROPIC_API_KEY: '' }),
      /^Not configured: ANTHROPIC_API_KEY is not set, so drafts use the offline drafter\./,
    ],
  ];

  for (const [outcome, arrange, verdict] of failures) {
    it(`says what went wrong for ${outcome}, in one line, and exits 1`, async () => {
      const { code, stdout } = await modelCheck(await arrange());
      expect(code).toBe(1);
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(stdout.trim()).toMatch(verdict);
      // One request at most: a check does not retry.
      expect(api.requests.length).toBeLessThanOrEqual(1);
    });
  }
});

describe('npm run model:check with DRAFT_MODEL=openai', () => {
  let chat: FakeOpenAI;
  let basic: FakeOpenAI | undefined;
  beforeEach(async () => {
    chat = await startFakeOpenAI({ models: ['llama3.2'] });
  });
  afterEach(async () => {
    await chat.close();
    await basic?.close();
    basic = undefined;
  });

  const openai = (environment: Record<string, string> = {}) =>
    modelCheck({
      ANTHROPIC_API_KEY: '',
      DRAFT_MODEL: 'openai',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: chat.baseURL,
      ...environment,
    });

  it("says it works after one real request with the desk's strict functions and system prompt", async () => {
    chat.push(
      fakeChat.text('Yes, we are open today from 7 am.', {
        prompt_tokens: 1500,
        completion_tokens: 11,
        cached_tokens: 1280,
      }),
    );
    const { code, stdout } = await openai();
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout).toMatch(
      /^Works: gpt-4\.1 answered in \d+ ms with the desk's tools \(220 input and 11 output tokens; cache read 1280, cache write 0\)\./,
    );
    expect(chat.requests).toHaveLength(1);
    expect(chat.requests[0]?.refusal).toBeUndefined();
    const body = chat.requests[0]?.body as {
      tools: { function: { name: string; strict?: boolean } }[];
      messages: { role: string; content: unknown }[];
      parallel_tool_calls: boolean;
    };
    expect(body.tools.map((t) => [t.function.name, t.function.strict])).toEqual([
      ['opening_hours', true],
      ['menu_item', true],
      ['list_menu', true],
      ['quote_order', true],
      ['search_knowledge', true],
      ['mark_for_person', true],
    ]);
    expect(body.parallel_tool_calls).toBe(true);
    expect(String(body.messages[0]?.content)).toContain('only from the tools');
  });

  it('checks a local server with strict schemas off', async () => {
    const local = await startFakeOpenAI({
      dialect: 'basic',
      models: ['llama3.2'],
      script: [fakeChat.text('Open today.', { prompt_tokens: 700, completion_tokens: 3 })],
    });
    try {
      const { code, stdout } = await openai({
        OPENAI_API_KEY: '',
        OPENAI_BASE_URL: local.baseURL,
        OPENAI_MODEL: 'llama3.2',
        OPENAI_STRICT: 'off',
      });
      expect(stdout).toMatch(/^Works: llama3\.2 answered in \d+ ms/);
      expect(code).toBe(0);
      expect(local.requests[0]?.headers.authorization).toBe('Bearer no-key');
    } finally {
      await local.close();
    }
  });

  const failures: [string, () => Promise<Record<string, string>>, RegExp][] = [
    [
      'a rejected key',
      async () => {
        chat.push(
          fakeChat.error(401, 'invalid_request_error', 'Incorrect API key provided: test-key', {
            code: 'invalid_api_key',
          }),
        );
        return {};
      },
      /^Key rejected: The API key was rejected \(401 invalid_api_key: Incorrect API key provided: test-key\)\. Check OPENAI_API_KEY\./,
    ],
    [
      'a model the server does not have',
      async () => ({ OPENAI_MODEL: 'gpt-imaginary-9' }),
      /^Model not found: Model gpt-imaginary-9 does not exist \(404 model_not_found: The model `gpt-imaginary-9` does not exist or you do not have access to it\)\. Check OPENAI_MODEL\./,
    ],
    [
      'strict schemas a server does not take',
      async () => ({ OPENAI_MODEL: 'llama3.2', OPENAI_BASE_URL: await basicServer() }),
      /^Schema or request refused: The model refused the request \(400 invalid_request_error: parallel_tool_calls is not supported by this server\)/,
    ],
    [
      'an unreachable server',
      async () => ({ OPENAI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` }),
      /^Network unreachable: The OpenAI-compatible API at http:\/\/127\.0\.0\.1:\d+\/v1 could not be reached.*Check the network, or OPENAI_BASE_URL if it is set\./,
    ],
    [
      'a rate limit',
      async () => {
        chat.push(
          fakeChat.error(429, 'requests', 'Rate limit reached for gpt-4.1', {
            code: 'rate_limit_exceeded',
          }),
        );
        return {};
      },
      /^Rate limited: Rate limited by the API \(429 rate_limit_exceeded: Rate limit reached for gpt-4\.1\)\. Try again in a minute/,
    ],
    [
      'neither a key nor a base URL',
      async () => ({ OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }),
      /^Not configured: DRAFT_MODEL=openai needs OPENAI_API_KEY for OpenAI's API, or OPENAI_BASE_URL for a server of your own\./,
    ],
  ];

  async function basicServer(): Promise<string> {
    basic = await startFakeOpenAI({ dialect: 'basic', models: ['llama3.2'] });
    return basic.baseURL;
  }
  for (const [outcome, arrange, verdict] of failures) {
    it(`says what went wrong for ${outcome}, in one line, and exits 1`, async () => {
      const { code, stdout } = await openai(await arrange());
      expect(code).toBe(1);
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(stdout.trim()).toMatch(verdict);
      expect(chat.requests.length + (basic?.requests.length ?? 0)).toBeLessThanOrEqual(1);
    });
  }
});
