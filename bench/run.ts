// `npm run bench`: runs every benchmark at full size and writes BENCHMARKS.md at the repo root.
// `npm run bench -- 3 9`: only those benchmarks, the report printed instead of written.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as agentLoop from './agent-loop';
import * as arrivalToDraft from './arrival-to-draft';
import * as dashboard from './dashboard';
import * as draftToScreen from './draft-to-screen';
import * as email from './email';
import type { BenchmarkResult } from './figures';
import * as inbox from './inbox';
import * as intake from './intake';
import * as memory from './memory';
import * as pageWeight from './page-weight';
import * as parallelTools from './parallel-tools';
import * as postgres from './postgres';
import * as promptCache from './prompt-cache';
import { formatReport } from './report';
import { describeMachine } from './support/machine';
import { ensureBuild } from './support/next-server';
import * as workerThroughput from './worker-throughput';

const log = (line: string) => console.log(`[bench] ${line}`);

const benchmarks: { id: number; title: string; run: () => Promise<BenchmarkResult[]> }[] = [
  { id: 1, title: 'Agent loop overhead', run: async () => [await agentLoop.run({ size: 'full' })] },
  { id: 2, title: 'Parallel tools', run: async () => [await parallelTools.run({ size: 'full' })] },
  {
    id: 5,
    title: 'Worker throughput',
    run: async () => [await workerThroughput.run({ size: 'full' })],
  },
  {
    id: 6,
    title: 'Prompt-cache friendliness',
    run: async () => [await promptCache.run({ size: 'full' })],
  },
  { id: 3, title: 'Intake', run: async () => [await intake.run({ size: 'full' })] },
  { id: 7, title: 'Memory', run: async () => [await memory.run({ size: 'full' })] },
  {
    id: 10,
    title: 'Arrival to draft',
    run: async () => [await arrivalToDraft.run({ size: 'full' })],
  },
  {
    id: 11,
    title: 'Draft to screen',
    run: async () => [await draftToScreen.run({ size: 'full' })],
  },
  {
    id: 4,
    title: 'Inbox and a conversation at scale',
    run: async () => [await inbox.run({ size: 'full' })],
  },
  {
    id: 8,
    title: 'Owner’s dashboard at scale',
    run: async () => [await dashboard.run({ size: 'full' })],
  },
  { id: 9, title: 'Email throughput', run: async () => [await email.run({ size: 'full' })] },
  { id: 13, title: 'Page weight', run: async () => [await pageWeight.run({ size: 'full' })] },
  {
    id: 12,
    title: 'PostgreSQL beside SQLite',
    run: async () => [await postgres.run({ size: 'full' })],
  },
];

/** The benchmarks named by id on the command line, or every one. */
function chosen(args: readonly string[]): typeof benchmarks {
  if (args.length === 0) return benchmarks;
  const ids = args.map(Number);
  const unknown = args.filter((_, i) => !benchmarks.some((b) => b.id === ids[i]));
  if (unknown.length > 0) throw new Error(`No benchmark has the id ${unknown.join(', ')}.`);
  return benchmarks.filter((benchmark) => ids.includes(benchmark.id));
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  const only = process.argv.slice(2);
  const selected = chosen(only);
  await ensureBuild(log);
  const results: BenchmarkResult[] = [];
  for (const benchmark of selected) {
    const began = performance.now();
    log(`${benchmark.id}. ${benchmark.title}…`);
    try {
      results.push(...(await benchmark.run()));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(message);
      results.push({
        id: benchmark.id,
        title: benchmark.title,
        method: '',
        figures: [],
        error: message.split('\n')[0] ?? message,
      });
    }
    log(`   done in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
  results.sort((a, b) => a.id - b.id);
  const markdown = formatReport({
    machine: describeMachine(),
    results,
    finishedAt: new Date(),
    totalSeconds: (performance.now() - started) / 1000,
    notes: [
      `The machine's one-minute load average was ${loadBefore.toFixed(1)} when the run began and ${(loadavg()[0] ?? 0).toFixed(1)} when it ended; above the core count, other work was competing for the CPU and absolute figures suffer more than ratios.`,
      'The production-server benchmarks run `next start` from the production build (built first if the sources are newer), on 127.0.0.1, each on a fresh database; intake and the page benchmarks with DRAFT_WORKER=off so the drafting worker does not compete for the CPU, memory, arrival-to-draft and draft-to-screen with the workers on.',
    ],
  });
  // BENCHMARKS.md holds one full run; a run of some benchmarks only is printed.
  if (only.length > 0) {
    console.log(markdown);
  } else {
    const path = join(process.cwd(), 'BENCHMARKS.md');
    writeFileSync(path, markdown);
    log(`wrote ${path}`);
  }
  if (results.some((result) => result.error)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
