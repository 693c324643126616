import Database from 'better-sqlite3';
import { hashPassword } from '@/lib/auth/password-hash';
import type { BenchmarkResult, Figure, Size } from './figures';
import { loadConversation, loadQuestions } from './support/bulk-load';
import { signIn } from './support/desk-client';
import { ensureBuild, type RunningServer, startNextServer } from './support/next-server';
import { addStaff, preparedDatabase, scratchFolder, withDatabase } from './support/server-db';
import { median } from './support/stats';

/**
 * 4. The inbox at scale: the signed-in inbox and a conversation page of 50 messages, on
 * databases of growing size. A list that pages, and one conversation, should cost the same
 * whatever the table holds.
 */

const EMAIL = 'bench-staff@example.com';
const PASSWORD = 'a bench passphrase that is long';
const CONVERSATION_MESSAGES = 50;
const RATIO = 1.5;

/** One page, timed to its last byte; `mustHold` guards against a page fast for the wrong reason. */
async function pageMs(
  server: RunningServer,
  cookie: string,
  path: string,
  mustHold: string,
): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    headers: { cookie },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const html = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  if (!html.includes(mustHold)) throw new Error(`${path} did not show ${mustHold}`);
  return ms;
}

type Page = { label: string; path: (conversationId: number) => string; mustHold: string };

const pages: Page[] = [
  { label: '/inbox', path: () => '/inbox', mustHold: 'data-testid="inbox-row"' },
  {
    label: `/inbox/<id> (${CONVERSATION_MESSAGES} messages)`,
    path: (id) => `/inbox/${id}`,
    // The newest of the conversation's messages, so the whole thread was rendered.
    mustHold: `(${CONVERSATION_MESSAGES - 1})`,
  },
];

type Site = { server: RunningServer; cookie: string; conversationId: number };

/**
 * Per round, each size's and page's median over its requests: one sample per round. The sizes'
 * servers run side by side and every request is interleaved, so a burst of load elsewhere on
 * the machine slows every size and page alike and the ratios hold.
 */
async function measure(
  sites: readonly Site[],
  { warmUps, rounds, perRound }: { warmUps: number; rounds: number; perRound: number },
): Promise<number[][][]> {
  const time = (site: Site, page: Page) =>
    pageMs(site.server, site.cookie, page.path(site.conversationId), page.mustHold);
  for (let i = 0; i < warmUps; i++)
    for (const site of sites) for (const page of pages) await time(site, page);
  const samples = sites.map(() => pages.map((): number[] => []));
  for (let round = 0; round < rounds; round++) {
    const times = sites.map(() => pages.map((): number[] => []));
    for (let i = 0; i < perRound; i++) {
      for (const [s, site] of sites.entries()) {
        for (const [p, page] of pages.entries()) times[s]?.[p]?.push(await time(site, page));
      }
    }
    for (const [s, bySite] of times.entries()) {
      for (const [p, pageTimes] of bySite.entries()) samples[s]?.[p]?.push(median(pageTimes));
    }
  }
  return samples;
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const counts = size === 'full' ? [1_000, 10_000, 100_000] : [20, 200];
  const shape =
    size === 'full'
      ? { warmUps: 5, rounds: 5, perRound: 20 }
      : { warmUps: 1, rounds: 2, perRound: 1 };
  await ensureBuild();
  const passwordHash = await hashPassword(PASSWORD);
  const scratch = scratchFolder();
  const servers: RunningServer[] = [];
  // byCount[size][page] = samples
  let byCount: number[][][];
  try {
    const sites: Site[] = [];
    for (const count of counts) {
      const path = `${scratch.dir}/inbox-${count}.db`;
      await preparedDatabase(path);
      const staffId = await withDatabase(path, () => addStaff({ email: EMAIL, passwordHash }));
      const sqlite = new Database(path);
      loadQuestions(sqlite, { count, sentBy: staffId });
      const conversationId = loadConversation(sqlite, {
        messages: CONVERSATION_MESSAGES,
        sentBy: staffId,
      });
      sqlite.close();
      const server = await startNextServer({ databasePath: path, env: { DRAFT_WORKER: 'off' } });
      servers.push(server);
      sites.push({
        server,
        cookie: await signIn(server, { email: EMAIL, password: PASSWORD }),
        conversationId,
      });
    }
    byCount = await measure(sites, shape);
  } finally {
    for (const server of servers) await server.stop();
    scratch.remove();
  }
  const smallest = (counts[0] as number).toLocaleString('en-US');
  const largestIndex = counts.length - 1;
  const figures: Figure[] = pages.flatMap((page, p) =>
    counts.map((count, i) => ({
      name: `${page.label} with ${count.toLocaleString('en-US')} conversations`,
      unit: 'ms',
      samples: byCount[i]?.[p] as number[],
      baseline:
        i === 0
          ? undefined
          : { label: `${smallest} conversations`, samples: byCount[0]?.[p] as number[] },
      targets:
        i === largestIndex
          ? [{ on: 'ratio', atMost: RATIO, text: `within ${RATIO}× of ${smallest}` }]
          : undefined,
    })),
  );
  return {
    id: 4,
    title: 'Inbox and a conversation at scale',
    method: `For each size, a fresh database is filled directly (better-sqlite3, one transaction) with that many conversations a minute apart: 70% drafted with a run and 2 tool calls each, 10% sent with a reply, 10% queued, 5% failed, 5% discarded; and one more, the newest, of ${CONVERSATION_MESSAGES} messages back and forth (each bakery message a sent reply with its run), with a draft waiting. A production server starts on each (DRAFT_WORKER=off), all sizes side by side, and a staff account signs in to each; after ${shape.warmUps} warm-up requests of each page on each, ${shape.rounds} rounds of ${shape.perRound} sequential GET /inbox and GET /inbox/<id> of the long conversation on every size, interleaved request by request so the machine's load falls on all alike, are timed to the last byte; each sample is one round's median for that page and size. The target: each page at the largest size within ${RATIO}× of the smallest.`,
    whenMissed:
      'What grows with the table shows in EXPLAIN QUERY PLAN of the pages’ queries: a count, sort or scan over every conversation rather than a seek in an index.',
    figures,
    charts: [
      {
        kind: 'lines',
        title: 'Inbox pages against the number of conversations',
        xLabel: 'conversations',
        yLabel: 'ms',
        series: pages.map((page, p) => ({
          name: page.label,
          points: counts.map((count, i) => ({ x: count, y: median(byCount[i]?.[p] ?? []) })),
        })),
      },
    ],
  };
}
