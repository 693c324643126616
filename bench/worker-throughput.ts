import type { Model } from '@/lib/agent';
import {
  answerReply,
  callsReply,
  type ScriptedReply,
  scriptedModel,
} from '@/lib/agent/models/scripted';
import { type DraftSettings, draftClaimedQuestion } from '@/server/drafting/draft-question';
import { POLL_MS } from '@/server/drafting/service';
import { startWorker } from '@/server/drafting/worker';
import type { BenchmarkResult, Size } from './figures';
import { countByStatus, freshQueue } from './support/queue-fixture';

/**
 * 5. Worker throughput: the real worker (claiming, drafting, storing, with the server's poll
 * interval) drafting a backlog with a model whose every turn takes a fixed time, against the
 * ideal of questions × turns × turn time ÷ concurrency.
 */

const TIMEOUT_MS = 120_000;

/** A model that takes `turnMs` per turn: one lookup, then the answer. */
function slowModel(turnMs: number): Model {
  const after =
    (reply: ReturnType<typeof answerReply>): ScriptedReply =>
    (_turn, { signal }) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(reply), turnMs);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
  return scriptedModel([
    after(callsReply([{ id: 'c1', name: 'menu_item', input: { name: 'rye loaf' } }])),
    after(answerReply('A rye loaf is $9.00.')),
  ]);
}

async function drainMs(input: {
  questions: number;
  concurrency: number;
  turnMs: number;
}): Promise<number> {
  const queue = await freshQueue(input.questions);
  try {
    const settings: DraftSettings = {
      makeModel: () => slowModel(input.turnMs),
      limits: { maxTurns: 4, maxTokens: 100_000, maxDollars: 1 },
      leaseMs: 60_000,
      maxAttempts: 3,
    };
    let finished = 0;
    let allDone = () => {};
    const drained = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    const started = performance.now();
    const worker = startWorker({
      concurrency: input.concurrency,
      leaseMs: settings.leaseMs,
      pollMs: POLL_MS,
      draft: async (claimed) => {
        const outcome = await draftClaimedQuestion({ ...claimed, settings });
        finished++;
        if (finished === input.questions) allDone();
        return outcome;
      },
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timedOut'>((resolve) => {
      timer = setTimeout(() => resolve('timedOut'), TIMEOUT_MS);
    });
    const result = await Promise.race([drained, timedOut]);
    const ms = performance.now() - started;
    clearTimeout(timer);
    await worker.stop({ graceMs: 1_000 });
    if (result === 'timedOut')
      throw new Error(`the worker had not drained the queue after ${TIMEOUT_MS} ms`);
    const drafted = await countByStatus('drafted');
    if (drafted !== input.questions) {
      throw new Error(`${drafted} of ${input.questions} questions were drafted`);
    }
    return ms;
  } finally {
    await queue.cleanup();
  }
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const shape =
    size === 'full'
      ? { questions: 100, concurrency: 8, turnMs: 200 }
      : { questions: 6, concurrency: 3, turnMs: 20 };
  const runs = size === 'full' ? 5 : 1;
  const turns = 2;
  const idealMs = (shape.questions * turns * shape.turnMs) / shape.concurrency;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await drainMs(shape));
  return {
    id: 5,
    title: 'Worker throughput',
    method: `${runs} run(s): ${shape.questions} queued questions drafted by the real worker (startWorker with draftClaimedQuestion, the server's ${POLL_MS} ms poll) at concurrency ${shape.concurrency}, with a model that takes ${shape.turnMs} ms a turn (${turns} turns each), from the worker's start until the last draft is stored. The ideal is ${shape.questions} × ${turns} × ${shape.turnMs} ms ÷ ${shape.concurrency}.`,
    figures: [
      {
        name: `time to draft ${shape.questions} questions`,
        unit: 'ms',
        samples,
        baseline: { label: 'ideal', samples: [idealMs] },
        targets: [{ on: 'ratio', atMost: 1.15, text: 'within 1.15× of the ideal' }],
      },
    ],
  };
}
