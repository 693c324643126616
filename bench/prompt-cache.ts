import { bakeryTools, createModel, runAgent } from '@/lib/agent';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { fake, startFakeAnthropic } from '@/tests/support/fake-anthropic';
import type { BenchmarkResult, Size } from './figures';
import { comparePrefix, hasCacheBreakpoint, type RequestBody } from './support/prompt-prefix';

/**
 * 6. Prompt-cache friendliness: a 3-turn run of the real Claude adapter against the fake
 * Messages API; each request should be the previous one plus the new messages, with a cache
 * breakpoint, so everything already sent is read from the cache.
 */

async function recordThreeTurns(): Promise<RequestBody[]> {
  const server = await startFakeAnthropic({
    script: [
      fake.toolUse([
        { id: 'toolu_1', name: 'menu_item', input: { name: 'rye loaf' } },
        { id: 'toolu_2', name: 'opening_hours', input: { day: 'saturday' } },
      ]),
      fake.toolUse([
        {
          id: 'toolu_3',
          name: 'quote_order',
          input: { items: [{ name: 'rye loaf', quantity: 2 }], day: 'saturday', time: '09:00' },
        },
      ]),
      fake.text('Two rye loaves are $18.00, ready on Saturday from 9.'),
    ],
  });
  try {
    const facts = exampleBakeryData();
    const model = createModel({
      kind: 'claude',
      facts,
      now: tuesdayMorning,
      claude: {
        apiKey: 'bench-key',
        baseURL: server.url,
        model: 'claude-opus-5-5',
        effort: 'medium',
        maxTokens: 2048,
        timeoutMs: 10_000,
        idleTimeoutMs: 10_000,
        maxRetries: 0,
      },
    });
    const run = await runAgent({
      model,
      tools: bakeryTools(facts, { now: tuesdayMorning, askedAt: tuesdayMorning }),
      task: 'Can I pick up two rye loaves on Saturday at 9?',
      limits: { maxTurns: 4, maxTokens: 100_000, maxDollars: 1 },
    });
    if (run.stop.kind !== 'answered')
      throw new Error(`the run stopped: ${JSON.stringify(run.stop)}`);
    return server.requests.map((request) => request.body ?? {});
  } finally {
    await server.close();
  }
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const runs = size === 'full' ? 5 : 1;
  const second: number[] = [];
  const third: number[] = [];
  const extending: number[] = [];
  const breakpoints: number[] = [];
  const thirdBytes: number[] = [];
  const thirdNewBytes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const bodies = await recordThreeTurns();
    if (bodies.length !== 3) throw new Error(`expected 3 requests, the fake saw ${bodies.length}`);
    const [first, two, three] = bodies as [RequestBody, RequestBody, RequestBody];
    const a = comparePrefix(first, two);
    const b = comparePrefix(two, three);
    second.push(a.repeatedShare * 100);
    third.push(b.repeatedShare * 100);
    extending.push(Number(a.extendsPrevious) + Number(b.extendsPrevious));
    breakpoints.push(bodies.filter(hasCacheBreakpoint).length);
    thirdBytes.push(b.bytes);
    thirdNewBytes.push(b.newBytes);
  }
  return {
    id: 6,
    title: 'Prompt-cache friendliness',
    method: `${runs} run(s) of the Claude adapter (createModel, kind claude) over 3 turns (2 lookups, 1 quote, the answer) against the fake Messages API, comparing consecutive recorded request bodies: tools, system and messages serialised in that order, and the share of each request's bytes that repeat the previous request's from the start.`,
    whenMissed:
      "Not the adapter: every request is the previous one plus the new messages, byte for byte, with a breakpoint, so all of the repeated share is read from the cache. The share is short of 90% because the conversation is short and the third request's new content is large: the quote_order result (every line, the day's hours, notice) is about a fifth of a prompt whose fixed part (4 tool definitions and the system prompt) is only a few kilobytes. Later turns repeat more. Closing it means smaller tool results: quote_order could leave out what opening_hours already returned and fields the reply never uses, which also saves input tokens on every later turn.",
    figures: [
      {
        name: 'request 2: share repeating request 1',
        unit: '%',
        samples: second,
      },
      {
        name: 'request 3: share repeating request 2',
        unit: '%',
        samples: third,
        targets: [{ on: 'value', atLeast: 90, text: '≥ 90%' }],
      },
      { name: 'request 3: input size', unit: 'bytes', samples: thirdBytes },
      { name: 'request 3: bytes new since request 2', unit: 'bytes', samples: thirdNewBytes },
      {
        name: 'requests that are the previous one plus new messages',
        unit: 'of 2',
        samples: extending,
        targets: [{ on: 'value', atLeast: 2, text: 'both' }],
      },
      {
        name: 'requests with a cache breakpoint',
        unit: 'of 3',
        samples: breakpoints,
        targets: [{ on: 'value', atLeast: 3, text: 'all three' }],
      },
    ],
  };
}
