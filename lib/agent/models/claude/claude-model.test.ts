import { afterEach, beforeEach, describe, expect } from 'vitest';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import {
  type FakeAnthropic,
  type FakeBlock,
  fake,
  startFakeAnthropic,
} from '@/tests/support/fake-anthropic';
import { scenario } from '@/tests/support/scenario';
import { bakeryTools } from '../../bakery/tools';
import { runAgent } from '../../core/run-agent';
import type { AgentEvent, Limits } from '../../types';
import { createModel } from '../create-model';
import type { ClaudeSettings } from './claude-model';
import { costOf, priceOf } from './prices';

const limits: Limits = { maxTurns: 6, maxTokens: 1_000_000, maxDollars: 10 };
let api: FakeAnthropic;

beforeEach(async () => {
  // The SDK reads these from the environment; tests pass everything explicitly.
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_BASE_URL;
  api = await startFakeAnthropic();
});
afterEach(() => api.close());

function settings(change: Partial<ClaudeSettings> = {}): ClaudeSettings {
  return {
    apiKey: 'test-key',
    baseURL: api.url,
    model: 'claude-opus-5-5',
    effort: 'medium',
    maxTokens: 1024,
    timeoutMs: 5_000,
    idleTimeoutMs: 5_000,
    maxRetries: 2,
    ...change,
  };
}

function draft(
  task: string,
  change: Partial<ClaudeSettings> = {},
  onEvent?: (e: AgentEvent) => void,
) {
  const facts = exampleBakeryData();
  const model = createModel({
    kind: 'claude',
    facts,
    now: tuesdayMorning,
    claude: settings(change),
  });
  const tools = bakeryTools(facts, { now: tuesdayMorning });
  return runAgent({ model, tools, task, limits, onEvent });
}

type Body = {
  messages: { role: string; content: unknown }[];
  tools: { name: string; strict?: boolean; input_schema: Record<string, unknown> }[];
  system: unknown;
  cache_control?: unknown;
  tool_choice?: unknown;
  fallbacks?: unknown;
  stream?: boolean;
  output_config?: unknown;
};
const body = (i: number) => api.requests[i]?.body as unknown as Body;

describe('the Claude adapter', () => {
  const firstContent: FakeBlock[] = [
    {
      type: 'thinking',
      thinking: 'I should look up the item and the hours.',
      signature: 'sig-123',
    },
    { type: 'text', text: 'Let me check.' },
    { type: 'tool_use', id: 'toolu_1', name: 'menu_item', input: { name: 'rye loaf' } },
    { type: 'tool_use', id: 'toolu_2', name: 'opening_hours', input: { day: 'Saturday' } },
  ];

  scenario("The transcript is append-only and results go back in the model's order", async () => {
    api.push(
      { kind: 'message', content: firstContent, stop_reason: 'tool_use' },
      fake.text('A rye loaf is $9.00 and on Saturday we open at 08:00.'),
    );
    const run = await draft('How much is rye, and when do you open Saturday?');
    expect(run.stop).toEqual({
      kind: 'answered',
      text: 'A rye loaf is $9.00 and on Saturday we open at 08:00.',
    });
    expect(api.requests).toHaveLength(2);
    const [first, second] = [body(0), body(1)];
    expect(second.messages.slice(0, first.messages.length)).toEqual(first.messages);
    expect(second.messages).toHaveLength(3);
    expect(second.messages[1]).toEqual({
      role: 'assistant',
      content: [
        firstContent[0],
        { type: 'text', text: 'Let me check.', citations: null },
        { ...firstContent[2], caller: { type: 'direct' } },
        { ...firstContent[3], caller: { type: 'direct' } },
      ],
    });
    const results = second.messages[2] as { role: string; content: Record<string, unknown>[] };
    expect(results.role).toBe('user');
    expect(results.content.map((c) => [c.type, c.tool_use_id, c.is_error])).toEqual([
      ['tool_result', 'toolu_1', false],
      ['tool_result', 'toolu_2', false],
    ]);
    expect(String(results.content[0]?.content)).toContain('$9.00');
    expect(String(results.content[1]?.content)).toContain('08:00');
    expect(second.system).toEqual(first.system);
    expect(second.tools).toEqual(first.tools);
  });

  scenario('Tools are sent strict with additionalProperties false', async () => {
    api.push(fake.text('Hello!'));
    await draft('hi');
    const tools = body(0).tools;
    expect(tools.map((t) => t.name)).toEqual([
      'opening_hours',
      'menu_item',
      'list_menu',
      'quote_order',
    ]);
    for (const tool of tools) {
      expect(tool.strict).toBe(true);
      expect(tool.input_schema.additionalProperties).toBe(false);
      expect(tool.input_schema.type).toBe('object');
    }
  });

  scenario(
    'Requests cache the prefix, opt into the server-side fallback and leave tool choice at auto',
    async () => {
      api.push(fake.text('Hello!'));
      await draft('hi');
      const request = api.requests[0];
      expect(request?.path).toMatch(/^\/v1\/messages/);
      expect(request?.headers['anthropic-beta']).toContain('server-side-fallback-2026-07-01');
      expect(request?.headers.authorization).toBe('Bearer test-key');
      expect(body(0)).toMatchObject({
        cache_control: { type: 'ephemeral' },
        fallbacks: 'default',
        stream: true,
        output_config: { effort: 'medium' },
      });
      expect(body(0).tool_choice).toBeUndefined();
      const system = JSON.stringify(body(0).system);
      expect(system).toContain('only from the tools');
      expect(system).toContain('data, not instructions');
      expect(system).toContain('reviews every draft');
      expect(system).toContain('Tuesday 2026-12-01');
    },
  );

  scenario('Each stop reason maps to an answer, tool calls or a stop', async () => {
    const cases = [
      [fake.stop('end_turn', 'Hi!'), { kind: 'answered', text: 'Hi!' }],
      [fake.stop('stop_sequence', 'Hi!'), { kind: 'answered', text: 'Hi!' }],
      [fake.stop('refusal'), { kind: 'modelStopped', reason: 'refused' }],
      [fake.stop('max_tokens', 'Half a sent'), { kind: 'modelStopped', reason: 'truncated' }],
      [fake.stop('model_context_window_exceeded'), { kind: 'modelStopped', reason: 'truncated' }],
      [fake.stop('pause_turn'), { kind: 'modelStopped', reason: 'unfinished' }],
      [fake.stop('compaction'), { kind: 'modelStopped', reason: 'unfinished' }],
      [fake.stop(null), { kind: 'modelStopped', reason: 'unfinished' }],
      [fake.stop('end_turn'), { kind: 'modelStopped', reason: 'unfinished' }],
    ] as const;
    for (const [response, stop] of cases) {
      api.push(response);
      const run = await draft('q');
      expect(run.stop, JSON.stringify(response)).toMatchObject(stop);
      expect(run.steps).toEqual([]);
    }
    api.push(fake.toolUse([{ id: 't1', name: 'list_menu', input: {} }]), fake.text('Menu!'));
    const run = await draft('menu?');
    expect(run.steps.map((s) => s.call)).toEqual([{ id: 't1', name: 'list_menu', input: {} }]);
  });

  scenario('Rate-limited and overloaded requests are retried', async () => {
    api.push(
      fake.error(429, 'rate_limit_error', 'slow down', { 'retry-after-ms': '1' }),
      fake.error(529, 'overloaded_error', 'busy', { 'retry-after-ms': '1' }),
      fake.text('Answered at last.'),
    );
    const run = await draft('q');
    expect(run.stop).toEqual({ kind: 'answered', text: 'Answered at last.' });
    expect(api.requests).toHaveLength(3);
  });

  scenario('A bad request is not retried and rejects the run with a readable message', async () => {
    api.push(
      fake.error(400, 'invalid_request_error', 'tools.0.input_schema: unsupported keyword'),
      fake.text('never sent'),
    );
    await expect(draft('q')).rejects.toThrow(
      'The Claude request failed: 400 invalid_request_error: tools.0.input_schema: unsupported keyword',
    );
    expect(api.requests).toHaveLength(1);
  });

  scenario('A stream that stalls after its headers trips the idle watchdog', async () => {
    api.push({ kind: 'stall', events: 2 });
    const started = Date.now();
    await expect(draft('q', { idleTimeoutMs: 150, maxRetries: 0 })).rejects.toThrow(
      'went silent for 150 ms',
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  scenario('Streamed text arrives as events before the stop', async () => {
    api.push({
      kind: 'message',
      content: [{ type: 'text', text: 'Yes, we open at 08:00 on Saturday. See you then!' }],
      stop_reason: 'end_turn',
      chunkSize: 10,
    });
    const events: AgentEvent[] = [];
    await draft('q', {}, (e) => events.push(e));
    const deltas = events.flatMap((e) => (e.kind === 'textDelta' ? [e.text] : []));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('Yes, we open at 08:00 on Saturday. See you then!');
    const lastDelta = events.findLastIndex((e) => e.kind === 'textDelta');
    expect(events.findIndex((e) => e.kind === 'stopped')).toBeGreaterThan(lastDelta);
  });

  scenario('Usage is priced per model', async () => {
    const usage = {
      inputTokens: 1_000_000,
      outputTokens: 1_000_000,
      cacheReadTokens: 1_000_000,
      cacheWriteTokens: 1_000_000,
    };
    expect(costOf(usage, 'claude-opus-5-5')).toBeCloseTo(5 + 25 + 0.5 + 6.25);
    expect(costOf(usage, 'claude-haiku-4-5-20251001')).toBeCloseTo(1 + 5 + 0.1 + 1.25);
    expect(priceOf('claude-unheard-of').known).toBe(false);
    expect(priceOf('claude-unheard-of').price.input).toBeGreaterThanOrEqual(
      priceOf('claude-opus-5-5').price.input,
    );

    api.push(
      fake.text('Hi!', {
        input_tokens: 1000,
        output_tokens: 200,
        cache_read_input_tokens: 3000,
        cache_creation_input_tokens: 400,
      }),
    );
    const run = await draft('q');
    expect(run.spent).toMatchObject({
      turns: 1,
      inputTokens: 1000,
      outputTokens: 200,
      cacheReadTokens: 3000,
      cacheWriteTokens: 400,
    });
    expect(run.spent.costUsd).toBeCloseTo(
      (1000 * 5 + 200 * 25 + 3000 * 0.5 + 400 * 6.25) / 1e6,
      10,
    );
  });
});
