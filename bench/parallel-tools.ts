import { z } from 'zod';
import { defineTool, runAgent, scriptedModel } from '@/lib/agent';
import { ok } from '@/lib/agent/core/tool';
import { answerReply, callsReply } from '@/lib/agent/models/scripted';
import type { BenchmarkResult, Size } from './figures';

/**
 * 2. Parallel tools: a turn that asks for three slow lookups should take about as long as one
 * that asks for a single lookup, because read-only calls of one turn run at the same time.
 */

function slowLookup(delayMs: number) {
  return defineTool({
    name: 'slow_lookup',
    description: 'A lookup that takes a while, like a call to another service.',
    schema: z.object({ key: z.string() }),
    run: ({ key }, { signal }) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(ok({ key })), delayMs);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      }),
  });
}

async function oneTurnMs(calls: number, delayMs: number): Promise<number> {
  const model = scriptedModel([
    callsReply(
      Array.from({ length: calls }, (_, i) => ({
        id: `c${i}`,
        name: 'slow_lookup',
        input: { key: `k${i}` },
      })),
    ),
    answerReply('done'),
  ]);
  const started = performance.now();
  const run = await runAgent({
    model,
    tools: [slowLookup(delayMs)],
    task: 'look these up',
    limits: { maxTurns: 3, maxTokens: 10_000, maxDollars: 1 },
  });
  const ms = performance.now() - started;
  if (run.stop.kind !== 'answered' || run.steps.some((step) => step.result.isError)) {
    throw new Error(`the run did not answer cleanly: ${JSON.stringify(run.stop)}`);
  }
  return ms;
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const delayMs = size === 'full' ? 100 : 10;
  const runs = size === 'full' ? 5 : 2;
  const three: number[] = [];
  const one: number[] = [];
  for (let i = 0; i < runs; i++) {
    one.push(await oneTurnMs(1, delayMs));
    three.push(await oneTurnMs(3, delayMs));
  }
  return {
    id: 2,
    title: 'Parallel tools',
    method: `${runs} runs each, alternating: runAgent with a scripted model whose first turn asks for 3 lookups of ${delayMs} ms each (then answers), against the same with a single lookup.`,
    figures: [
      {
        name: 'run with 3 calls in one turn',
        unit: 'ms',
        samples: three,
        baseline: { label: 'one call', samples: one },
        targets: [{ on: 'ratio', atMost: 1.1, text: 'within 1.1× of a single call' }],
      },
    ],
  };
}
