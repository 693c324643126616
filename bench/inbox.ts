import Database from 'better-sqlite3';
import { hashPassword } from '@/lib/auth/password-hash';
import type { BenchmarkResult, Figure, Size } from './figures';
import { loadQuestions } from './support/bulk-load';
import { ensureBuild, type RunningServer, startNextServer } from './support/next-server';
import { addStaff, preparedDatabase, scratchFolder, withDatabase } from './support/server-db';
import { median } from './support/stats';

/**
 * 4. Inbox at scale: the signed-in inbox page's response time on databases of growing size.
 * A list that pages should cost the same whatever the table holds.
 */

const EMAIL = 'bench-staff@example.com';
const PASSWORD = 'a bench passphrase that is long';

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 200 || !cookie) {
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  }
  return cookie;
}

async function inboxMs(server: RunningServer, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/inbox`, {
    headers: { cookie },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`/inbox answered ${response.status}`);
  return ms;
}

/** Per round, the median of its requests: one sample per round. */
async function measure(
  server: RunningServer,
  { rounds, perRound }: { rounds: number; perRound: number },
): Promise<number[]> {
  const cookie = await signIn(server);
  for (let i = 0; i < 5; i++) await inboxMs(server, cookie);
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const times: number[] = [];
    for (let i = 0; i < perRound; i++) times.push(await inboxMs(server, cookie));
    samples.push(median(times));
  }
  return samples;
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const counts = size === 'full' ? [1_000, 10_000, 100_000] : [20, 200];
  const shape = size === 'full' ? { rounds: 5, perRound: 20 } : { rounds: 2, perRound: 3 };
  await ensureBuild();
  const passwordHash = await hashPassword(PASSWORD);
  const scratch = scratchFolder();
  const byCount: number[][] = [];
  try {
    for (const count of counts) {
      const path = `${scratch.dir}/inbox-${count}.db`;
      preparedDatabase(path);
      const staffId = withDatabase(path, () => addStaff({ email: EMAIL, passwordHash }));
      const sqlite = new Database(path);
      loadQuestions(sqlite, { count, sentBy: staffId });
      sqlite.close();
      const server = await startNextServer({ databasePath: path, env: { DRAFT_WORKER: 'off' } });
      try {
        byCount.push(await measure(server, shape));
      } finally {
        await server.stop();
      }
    }
  } finally {
    scratch.remove();
  }
  const smallest = byCount[0] as number[];
  const largestIndex = counts.length - 1;
  const figures: Figure[] = counts.map((count, i) => ({
    name: `/inbox with ${count.toLocaleString('en-US')} questions`,
    unit: 'ms',
    samples: byCount[i] as number[],
    baseline:
      i === 0
        ? undefined
        : {
            label: `${(counts[0] as number).toLocaleString('en-US')} questions`,
            samples: smallest,
          },
    targets:
      i === largestIndex
        ? [{ on: 'ratio', atMost: 1.5, text: 'within 1.5× of the smallest' }]
        : undefined,
  }));
  return {
    id: 4,
    title: 'Inbox at scale',
    method: `For each size, a fresh database is filled directly (better-sqlite3, one transaction) with that many questions: 70% drafted with a run and 2 tool calls each, 10% sent with a reply, 10% queued, 5% failed, 5% discarded. The production server starts on it (DRAFT_WORKER=off), a staff account signs in, and after 5 warm-up requests, ${shape.rounds} rounds of ${shape.perRound} sequential GET /inbox requests with the session cookie are timed to the last byte; each sample is one round's median. This measures whatever /inbox is on the branch that runs it.`,
    figures,
  };
}
