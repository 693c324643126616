import Database from 'better-sqlite3';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '@/tests/support/processes';
import type { RunningServer } from './next-server';

/**
 * What the timing benchmarks do to a running desk from outside: post questions to the intake
 * API at a steady pace, listen to the inbox's event stream as a signed-in colleague, read when
 * each draft was stored, and run `npm run worker` beside the server.
 */

export const INTAKE_KEY = 'bench-intake-key';

const QUESTIONS = [
  'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?',
  'Do you have rye loaves on Friday morning?',
  'What time do you open on Sunday?',
  'Could I order 12 croissants for Thursday at 10?',
];

export type Arrival = { id: number; sentAt: number; answeredAt: number };

/**
 * POSTs one question; `sentAt` is when the request left and `answeredAt` when its 201 arrived
 * (epoch ms, as the desk stores times).
 */
export async function postQuestion(server: RunningServer, n: number): Promise<Arrival> {
  const sentAt = Date.now();
  const response = await fetch(`${server.url}/api/questions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INTAKE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      text: QUESTIONS[n % QUESTIONS.length],
      customer: { name: `Customer ${n}`, email: `customer${n}@example.com` },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const answeredAt = Date.now();
  if (response.status !== 201) {
    throw new Error(`POST /api/questions answered ${response.status}: ${await response.text()}`);
  }
  const { id } = (await response.json()) as { id: number };
  return { id, sentAt, answeredAt };
}

/**
 * Questions at a steady rate: the n-th leaves at start + n / perSecond, however long earlier
 * ones took (an open-loop load, as customers do not wait for each other).
 */
export async function steadyArrivals(
  server: RunningServer,
  { perSecond, seconds }: { perSecond: number; seconds: number },
): Promise<Arrival[]> {
  const count = Math.round(perSecond * seconds);
  const started = performance.now();
  const pending: Promise<Arrival>[] = [];
  for (let n = 0; n < count; n++) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(postQuestion(server, n));
  }
  return Promise.all(pending);
}

export async function signIn(
  server: RunningServer,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 200 || !cookie) {
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  }
  return cookie;
}

export type FeedEvent = { event: string; questionId: number | null; receivedAt: number };

/**
 * The inbox's event stream as a browser-less client reads it: each event with the time it
 * arrived (epoch ms). `ready` resolves once the server has sent its first event.
 */
export function listenToInbox(
  server: RunningServer,
  cookie: string,
): { events: FeedEvent[]; ready: Promise<void>; close: () => void } {
  const events: FeedEvent[] = [];
  const abort = new AbortController();
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const read = async () => {
    const response = await fetch(`${server.url}/api/inbox/events`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`/api/inbox/events answered ${response.status}`);
    }
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body) {
      const receivedAt = Date.now();
      buffered += decoder.decode(chunk, { stream: true });
      let end = buffered.indexOf('\n\n');
      while (end !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event === 'ready') markReady();
        if (event && data) {
          const parsed = JSON.parse(data) as { questionId?: number | null };
          events.push({ event, questionId: parsed.questionId ?? null, receivedAt });
        }
        end = buffered.indexOf('\n\n');
      }
    }
  };
  read().catch((error: unknown) => {
    if (!abort.signal.aborted) console.error(`[bench] inbox events: ${String(error)}`);
  });
  return { events, ready, close: () => abort.abort() };
}

/** When each question's draft was stored (epoch ms), for those that have one. */
export function draftStoredAt(databasePath: string, ids: readonly number[]): Map<number, number> {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    const rows = sqlite
      .prepare(
        `select id, updated_at as at from questions
         where status = 'drafted' and id in (select value from json_each(?))`,
      )
      .all(JSON.stringify(ids)) as { id: number; at: number }[];
    return new Map(rows.map((row) => [row.id, row.at]));
  } finally {
    sqlite.close();
  }
}

/** Waits until every question has its draft, or fails naming how many are still waiting. */
export async function waitForDrafts(
  databasePath: string,
  ids: readonly number[],
  timeoutMs = 60_000,
): Promise<Map<number, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = draftStoredAt(databasePath, ids);
    if (stored.size === ids.length) return stored;
    if (Date.now() > deadline) {
      throw new Error(`${ids.length - stored.size} of ${ids.length} questions have no draft`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether the queue is empty: nothing queued or being drafted. */
export function queueIsEmpty(databasePath: string): boolean {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    const row = sqlite
      .prepare(`select count(*) as n from questions where status in ('queued', 'drafting')`)
      .get() as { n: number };
    return row.n === 0;
  } finally {
    sqlite.close();
  }
}

/** `npm run worker` on the same database, offline drafter; resolves once it is drafting. */
export async function startWorkerProcess(
  databasePath: string,
): Promise<{ stop: () => Promise<void> }> {
  const spawned: Spawned = spawnWorker({ DATABASE_PATH: databasePath, DRAFT_MODEL: 'offline' });
  await waitUntil('the worker started', () => spawned.output().includes('drafting with'), 60_000);
  return {
    stop: async () => {
      killGroup(spawned, 'SIGTERM');
      await spawned.exited;
    },
  };
}
