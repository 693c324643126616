import { bakeryTools, createModel, runAgent } from '@/lib/agent';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { fake, startFakeAnthropic } from '@/tests/support/fake-anthropic';
import type { BenchmarkResult, Figure, Size, Target } from './figures';
import {
  comparePrefix,
  hasCacheBreakpoint,
  inputPieces,
  type RequestBody,
} from './support/prompt-prefix';
import { median } from './support/stats';

/**
 * 6. Prompt-cache friendliness and prompt size: a 3-turn run of the real Claude adapter against
 * the fake Messages API; each request should be the previous one plus the new messages, with a
 * cache breakpoint, so everything already sent is read from the cache, and as small as what a
 * reply needs allows.
 */

/** The seed question drafted by the Claude adapter: the three request bodies the fake API saw. */
export async function recordThreeTurns(): Promise<RequestBody[]> {
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

/**
 * Request 3's input before tool results, tool descriptions and the system prompt were trimmed
 * (six tools and the safety rules), and when a goal of a 30% smaller prompt was first set (four
 * tools, fewer rules; a goal since retired, as today's tools and rules alone outgrow it). Both
 * are recorded figures, not re-run: the old shapes are gone from the code.
 */
export const beforeTrimBytes = 10_856;
export const whenGoalSetBytes = 4_655;

/**
 * Tokens from bytes at about four characters a token, the usual rule of thumb for English text.
 * A rough guide only: JSON punctuation and escaped quotes tokenize denser than prose, and the
 * exact count is the API's own (count_tokens), which a run against the fake cannot ask.
 */
export function estimatedTokens(bytes: number): number {
  return Math.round(bytes / 4);
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const runs = size === 'full' ? 5 : 1;
  const bytes: [number[], number[], number[]] = [[], [], []];
  const newBytes: [number[], number[]] = [[], []];
  const second: number[] = [];
  const third: number[] = [];
  const extending: number[] = [];
  const breakpoints: number[] = [];
  let fixedBytes = 0;
  let callBytes = 0;
  let resultBytes = 0;
  for (let i = 0; i < runs; i++) {
    const bodies = await recordThreeTurns();
    if (bodies.length !== 3) throw new Error(`expected 3 requests, the fake saw ${bodies.length}`);
    const [first, two, three] = bodies as [RequestBody, RequestBody, RequestBody];
    const a = comparePrefix(first, two);
    const b = comparePrefix(two, three);
    bytes[0].push(inputBytes(first));
    bytes[1].push(a.bytes);
    bytes[2].push(b.bytes);
    newBytes[0].push(a.newBytes);
    newBytes[1].push(b.newBytes);
    second.push(a.repeatedShare * 100);
    third.push(b.repeatedShare * 100);
    extending.push(Number(a.extendsPrevious) + Number(b.extendsPrevious));
    breakpoints.push(bodies.filter(hasCacheBreakpoint).length);
    fixedBytes = inputBytes({ tools: first.tools, system: first.system });
    // Request 3's new messages: the model's quote_order call, sent back as it came, and its result.
    const [call, result] = inputPieces(three).slice(-2) as [string, string];
    callBytes = Buffer.byteLength(call);
    resultBytes = Buffer.byteLength(result);
  }
  // Against the same six tools and rules before the trim: like with like.
  const sizeTargets: Target[] = [
    {
      on: 'value',
      atMost: Math.floor(beforeTrimBytes * 0.7),
      text: `≤ ${formatBytes(Math.floor(beforeTrimBytes * 0.7))} bytes: 30% under ${formatBytes(beforeTrimBytes)}, before the trim`,
    },
  ];
  const sizes: Figure[] = bytes.flatMap((samples, i) => [
    {
      name: `request ${i + 1}: input size`,
      unit: 'bytes',
      samples,
      ...(i === 2 ? { targets: sizeTargets } : {}),
    },
    {
      name: `request ${i + 1}: estimated tokens (bytes ÷ 4)`,
      unit: 'tokens',
      samples: samples.map(estimatedTokens),
    },
  ]);
  return {
    id: 6,
    title: 'Prompt-cache friendliness and prompt size',
    method: `${runs} run(s) of the Claude adapter (createModel, kind claude) over 3 turns for the seed question (2 lookups, 1 quote, the answer) against the fake Messages API, comparing consecutive recorded request bodies: tools, system and messages serialised in that order as compact JSON; each request's size in bytes, its tokens estimated at 4 bytes a token (the usual rule of thumb for English; JSON runs denser, and the API's own count is not asked), and the share of each request's bytes that repeat the previous request's from the start. Request 3's size is set against ${formatBytes(beforeTrimBytes)} bytes, its size with the same six tools and rules before tool results, descriptions and the system prompt were trimmed. An earlier goal, 30% under ${formatBytes(whenGoalSetBytes)} bytes (request 3 when there were four tools and fewer rules), is retired: today's six tool definitions and system prompt alone are ${formatBytes(fixedBytes)} bytes, more than that goal allowed for the whole request, and every rule left is one the model needs (facts only from the tools, honest hand-over, allergens only as recorded, the customer's text as data); what keeps later turns cheap is that each repeats the one before, read from the cache.`,
    whenMissed: `Request 3 is ${formatBytes(median(bytes[2]))} bytes against ${formatBytes(beforeTrimBytes)} before the trim (${Math.round((1 - median(bytes[2]) / beforeTrimBytes) * 100)}% smaller), and repeats ${median(third).toFixed(1)}% of request 2. Its new part is the model's own quote_order call, which the adapter sends back as it came (${formatBytes(callBytes)} bytes), and the message with the quote's result (${formatBytes(resultBytes)} bytes): a tool result or description that grew is the place to look.`,
    figures: [
      ...sizes,
      {
        name: 'request 2: bytes new since request 1',
        unit: 'bytes',
        samples: newBytes[0],
      },
      {
        name: 'request 2: share repeating request 1',
        unit: '%',
        samples: second,
      },
      { name: 'request 3: bytes new since request 2', unit: 'bytes', samples: newBytes[1] },
      {
        name: 'request 3: share repeating request 2',
        unit: '%',
        samples: third,
        targets: [{ on: 'value', atLeast: 90, text: '≥ 90%' }],
      },
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
    charts: [
      {
        kind: 'lines',
        title: 'Each request: its whole input, and the part the previous request already sent',
        xLabel: 'request',
        yLabel: 'bytes',
        series: [
          {
            name: 'input',
            points: bytes.map((samples, i) => ({ x: i + 1, y: median(samples) })),
          },
          {
            name: 'repeated from the previous request (read from the cache)',
            points: [
              { x: 2, y: median(bytes[1]) - median(newBytes[0]) },
              { x: 3, y: median(bytes[2]) - median(newBytes[1]) },
            ],
          },
        ],
      },
    ],
  };
}

function inputBytes(body: RequestBody): number {
  return Buffer.byteLength(inputPieces(body).join(''));
}

function formatBytes(value: number): string {
  return value.toLocaleString('en-US');
}
