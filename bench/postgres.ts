import Database from 'better-sqlite3';
import pg from 'pg';
import { type Postgres, startPostgres } from '@/tests/support/postgres';
import { killGroup, spawnWorker, waitUntil } from '@/tests/support/processes';
import type { BenchmarkResult, Figure, Size } from './figures';
import { type Arrival, INTAKE_KEY, postQuestion } from './support/desk-client';
import { loadTest } from './support/load';
import { ensureBuild, type RunningServer, startNextServer } from './support/next-server';
import { preparedDatabase, scratchFolder } from './support/server-db';
import { median, percentile } from './support/stats';

/**
 * 12. PostgreSQL beside SQLite: intake and arrival to draft with one and with three `next start`
 * processes on one PostgreSQL database (a throwaway PostgreSQL 15 on 127.0.0.1, as the tests
 * start it), and a backlog drafted by one and by three `npm run worker` processes, each question
 * exactly once; the same on SQLite beside it. At the tiny size, two stand for the three.
 */

type Engine = 'SQLite' | 'PostgreSQL';

/** One fresh desk database, as the processes reach it and as this process reads it. */
type Store = {
  engine: Engine;
  /** What a server or worker on it is started with. */
  env: Record<string, string>;
  databasePath: string;
  /** Rows of a query this file writes (no parameters: ids are numbers it made). */
  rows: <T>(query: string) => Promise<T[]>;
  close: () => Promise<void>;
};

let databases = 0;

async function freshStore(engine: Engine, dir: string, postgres: Postgres): Promise<Store> {
  const name = `bench_${++databases}`;
  const databasePath = `${dir}/${name}.db`;
  if (engine === 'SQLite') {
    await preparedDatabase(databasePath);
    const sqlite = new Database(databasePath);
    // The servers and workers write while this connection holds its own writes back.
    sqlite.pragma('busy_timeout = 10000');
    return {
      engine,
      // Set in the runner's environment, DATABASE_URL would turn a SQLite server into a
      // PostgreSQL one.
      env: { DATABASE_PATH: databasePath, DATABASE_URL: '' },
      databasePath,
      rows: async <T>(query: string) => {
        const statement = sqlite.prepare(query);
        if (statement.reader) return statement.all() as T[];
        statement.run();
        return [];
      },
      close: async () => {
        sqlite.close();
      },
    };
  }
  const url = await postgres.createDatabase(name);
  const client = new pg.Client({ connectionString: url });
  // int8 (counts, instants) as numbers, as the desk reads them.
  client.setTypeParser(20, Number);
  await client.connect();
  return {
    engine,
    env: { DATABASE_URL: url },
    databasePath,
    rows: async <T>(query: string) => (await client.query(query)).rows as T[],
    close: () => client.end(),
  };
}

/**
 * `count` `next start` processes on the store: the first alone, as it migrates and seeds an
 * empty database, then the others side by side, as they find it done.
 */
async function startServers(
  store: Store,
  count: number,
  env: Record<string, string>,
): Promise<RunningServer[]> {
  const start = () =>
    startNextServer({
      databasePath: store.databasePath,
      env: { INTAKE_API_KEY: INTAKE_KEY, ...store.env, ...env },
    });
  const first = await start();
  const others = await Promise.allSettled(Array.from({ length: count - 1 }, start));
  const servers = [first, ...others.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))];
  const failed = others.find((o) => o.status === 'rejected');
  if (failed) {
    await stopAll(servers);
    throw failed.reason;
  }
  return servers;
}

async function stopAll(servers: readonly { stop: () => Promise<void> }[]): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
}

const intakeBody = JSON.stringify({
  text: 'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?',
  customer: { name: 'Maya Ortiz', email: 'maya@example.com' },
});

type Intake = { perSecond: number[]; worstP99Ms: number };

/**
 * POST /api/questions at `connections` connections in all, spread over the servers (as a load
 * balancer would), for `durationS`: the requests answered each second across them all, and the
 * highest of the servers' p99 latencies.
 */
async function intakeAcross(
  servers: readonly RunningServer[],
  connections: number,
  durationS: number,
): Promise<Intake> {
  const runs = await Promise.all(
    servers.map((server, i) =>
      loadTest({
        url: `${server.url}/api/questions`,
        method: 'POST',
        headers: { authorization: `Bearer ${INTAKE_KEY}`, 'content-type': 'application/json' },
        body: intakeBody,
        connections: Math.max(
          1,
          Math.floor(connections / servers.length) + (i < connections % servers.length ? 1 : 0),
        ),
        durationS,
      }),
    ),
  );
  const perSecond = Array.from({ length: durationS }, (_, second) =>
    runs.reduce((sum, run) => sum + (run.perSecond[second] ?? 0), 0),
  );
  return { perSecond, worstP99Ms: Math.max(...runs.map((run) => run.p99Ms)) };
}

async function measureIntake(
  store: Store,
  serverCount: number,
  load: { connections: number; durationS: number; warmUpS: number },
): Promise<Intake> {
  const servers = await startServers(store, serverCount, { DRAFT_WORKER: 'off' });
  try {
    // Route modules load on first use; nothing is measured cold.
    await intakeAcross(servers, Math.max(load.connections, serverCount), load.warmUpS);
    return await intakeAcross(servers, load.connections, load.durationS);
  } finally {
    await stopAll(servers);
  }
}

async function queueIsEmpty(store: Store): Promise<boolean> {
  const [row] = await store.rows<{ n: number }>(
    `select count(*) as n from questions where status in ('queued', 'drafting')`,
  );
  return Number(row?.n) === 0;
}

/** When each question's draft was stored (epoch ms), for those that have one. */
async function draftedAt(store: Store, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await store.rows<{ id: number; at: number }>(
    `select id, updated_at as at from questions
     where status = 'drafted' and id in (${ids.map(Number).join(',')})`,
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.at)]));
}

/**
 * Questions at a steady rate, the n-th to server n mod count: milliseconds from each 201 to its
 * stored draft (0 when the draft was stored first).
 */
async function measureArrivalToDraft(
  store: Store,
  serverCount: number,
  { perSecond, seconds }: { perSecond: number; seconds: number },
): Promise<number[]> {
  const servers = await startServers(store, serverCount, { DRAFT_WORKER: 'on' });
  try {
    // The example bakery's sample questions are drafted first, so they are not in the way.
    await waitUntil('the sample questions were drafted', () => queueIsEmpty(store), 60_000).catch(
      async (error: Error) => {
        const statuses = await store.rows<{ status: string; n: number }>(
          'select status, count(*) as n from questions group by status',
        );
        const counts = statuses.map((row) => `${row.n} ${row.status}`).join(', ');
        throw new Error(`${error.message} on ${store.engine} (questions: ${counts})`);
      },
    );
    const count = Math.round(perSecond * seconds);
    const started = performance.now();
    const pending: Promise<Arrival>[] = [];
    for (let n = 0; n < count; n++) {
      const wait = started + (n * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(postQuestion(servers[n % servers.length] as RunningServer, n));
    }
    const arrivals = await Promise.all(pending);
    const ids = arrivals.map((arrival) => arrival.id);
    let stored = new Map<number, number>();
    await waitUntil(
      'every question had its draft',
      async () => {
        stored = await draftedAt(store, ids);
        return stored.size === ids.length;
      },
      60_000,
    );
    return arrivals.map((arrival) =>
      Math.max(0, (stored.get(arrival.id) ?? 0) - arrival.answeredAt),
    );
  } finally {
    await stopAll(servers);
  }
}

type Drain = { ms: number; perSecond: number };

/**
 * A backlog of `questions` questions posted through intake (the example bakery's samples set
 * aside), held back while `workerCount` `npm run worker` processes start, then released in one
 * statement: the time from the release until every one is drafted. Fails unless each question
 * was drafted exactly once (one draft run each).
 */
async function measureWorkers(
  store: Store,
  workerCount: number,
  questions: number,
): Promise<Drain> {
  const [server] = await startServers(store, 1, { DRAFT_WORKER: 'off' });
  const ids: number[] = [];
  try {
    await store.rows(
      `update questions set status = 'discarded', discard_reason = 'bench: a sample'
       where status = 'queued'`,
    );
    let next = 0;
    const poster = async () => {
      while (next < questions) {
        ids.push((await postQuestion(server as RunningServer, next++)).id);
      }
    };
    await Promise.all(Array.from({ length: 8 }, poster));
  } finally {
    await server?.stop();
  }
  const idList = ids.join(',');
  await store.rows(
    `update questions set status = 'discarded', discard_reason = 'bench: held'
     where id in (${idList})`,
  );
  const workers = Array.from({ length: workerCount }, () =>
    spawnWorker({ ...store.env, DRAFT_MODEL: 'offline' }),
  );
  try {
    for (const worker of workers) {
      await waitUntil(
        'the worker started',
        () => worker.output().includes('drafting with'),
        60_000,
      );
    }
    const started = performance.now();
    await store.rows(
      `update questions set status = 'queued', discard_reason = null where id in (${idList})`,
    );
    await waitUntil(
      `${questions} questions were drafted`,
      async () => {
        const [row] = await store.rows<{ n: number }>(
          `select count(*) as n from questions where status = 'drafted' and id in (${idList})`,
        );
        return Number(row?.n) === questions;
      },
      600_000,
    );
    const ms = performance.now() - started;
    const runs = await store.rows<{ question_id: number; n: number }>(
      `select question_id, count(*) as n from agent_runs
       where question_id in (${idList}) group by question_id`,
    );
    const twice = runs.filter((run) => Number(run.n) !== 1).length;
    if (runs.length !== questions || twice > 0) {
      throw new Error(
        `${workerCount} worker(s) on ${store.engine}: ${runs.length} of ${questions} questions have a draft run, ${twice} more than one; the workers said:\n${workers.map((worker) => worker.output().slice(-2000)).join('\n---\n')}`,
      );
    }
    return { ms, perSecond: (questions * 1000) / ms };
  } finally {
    for (const worker of workers) killGroup(worker, 'SIGTERM');
    await Promise.all(workers.map((worker) => worker.exited));
  }
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

const inWords = (count: number) => ['one', 'two', 'three', 'four'][count - 1] ?? String(count);
const servers = (count: number) => `${count} server${count === 1 ? '' : 's'}`;
const workers = (count: number) => `${count} worker process${count === 1 ? '' : 'es'}`;

/**
 * The benchmark's three measurements. `npm run bench` runs them all; the tiny smoke tests run
 * one a file, so they share the test runner's workers.
 */
export const parts = ['intake', 'arrival to draft', 'workers'] as const;
export type Part = (typeof parts)[number];

/** Each measurement's results, keyed `<engine> <count>`; a part not run is absent. */
type Measured = {
  intake?: Record<string, Intake>;
  waits?: Record<string, number[]>;
  drains?: Record<string, Drain>;
};

function intakeFigures(intake: Record<string, Intake>, many: number): Figure[] {
  const figures: Figure[] = [];
  for (const count of [1, many]) {
    const onPostgres = intake[`PostgreSQL ${count}`] as Intake;
    const onSqlite = intake[`SQLite ${count}`] as Intake;
    figures.push(
      {
        name: `intake requests/s, ${servers(count)}`,
        unit: 'req/s',
        samples: onPostgres.perSecond,
        baseline: { label: `SQLite, ${servers(count)}`, samples: onSqlite.perSecond },
      },
      {
        name: `intake p99 latency (the slowest server's), ${servers(count)}`,
        unit: 'ms',
        samples: [onPostgres.worstP99Ms],
        baseline: { label: `SQLite, ${servers(count)}`, samples: [onSqlite.worstP99Ms] },
      },
    );
  }
  for (const engine of ['SQLite', 'PostgreSQL'] as const) {
    figures.push({
      name: `${engine} intake requests/s, ${servers(many)} against 1`,
      unit: 'req/s',
      samples: (intake[`${engine} ${many}`] as Intake).perSecond,
      baseline: {
        label: `${engine}, 1 server`,
        samples: (intake[`${engine} 1`] as Intake).perSecond,
      },
    });
  }
  return figures;
}

function arrivalFigures(waits: Record<string, number[]>, many: number): Figure[] {
  const sqliteWaits = waits['SQLite 1'] as number[];
  return [1, many].flatMap((count) => {
    const onPostgres = waits[`PostgreSQL ${count}`] as number[];
    return [50, 99].map((p) => ({
      name: `arrival to draft, p${p} wait, ${servers(count)}`,
      unit: 'ms',
      samples: [percentile(onPostgres, p)],
      baseline: { label: 'SQLite, 1 server', samples: [percentile(sqliteWaits, p)] },
    }));
  });
}

function workerFigures(drains: Record<string, Drain>, many: number, backlog: number): Figure[] {
  const figures: Figure[] = (['SQLite', 'PostgreSQL'] as const).map((engine) => ({
    name: `${engine}: questions drafted/s, ${workers(many)} against 1`,
    unit: 'questions/s',
    samples: [(drains[`${engine} ${many}`] as Drain).perSecond],
    baseline: {
      label: `${engine}, ${workers(1)}`,
      samples: [(drains[`${engine} 1`] as Drain).perSecond],
    },
  }));
  figures.push({
    name: `time to draft ${backlog} questions with ${workers(many)}`,
    unit: 'ms',
    samples: [(drains[`PostgreSQL ${many}`] as Drain).ms],
    baseline: {
      label: `SQLite, ${workers(many)}`,
      samples: [(drains[`SQLite ${many}`] as Drain).ms],
    },
  });
  return figures;
}

/** What this run found, in words, for the parts it ran. */
function findings({ intake, drains }: Measured, many: number): string {
  const said: string[] = [];
  if (intake) {
    const onBoth = (count: number) =>
      ratio(
        median((intake[`PostgreSQL ${count}`] as Intake).perSecond),
        median((intake[`SQLite ${count}`] as Intake).perSecond),
      );
    said.push(
      `intake on PostgreSQL ran at ${onBoth(1).toFixed(2)}× SQLite's rate with one server and ${onBoth(many).toFixed(2)}× with ${inWords(many)}`,
    );
  }
  if (drains) {
    const scaling = (engine: Engine) =>
      ratio(
        (drains[`${engine} ${many}`] as Drain).perSecond,
        (drains[`${engine} 1`] as Drain).perSecond,
      );
    said.push(
      `${inWords(many)} worker processes drafted ${scaling('PostgreSQL').toFixed(2)}× as fast as one on PostgreSQL and ${scaling('SQLite').toFixed(2)}× on SQLite`,
    );
  }
  return said.length > 0 ? ` In this run, ${said.join('; ')}.` : '';
}

export async function run({
  size,
  only = parts,
}: {
  size: Size;
  only?: readonly Part[];
}): Promise<BenchmarkResult> {
  const intakeLoad =
    size === 'full'
      ? { connections: 8, durationS: 10, warmUpS: 2 }
      : { connections: 3, durationS: 1, warmUpS: 1 };
  const arrivals = size === 'full' ? { perSecond: 20, seconds: 30 } : { perSecond: 6, seconds: 1 };
  const backlog = size === 'full' ? 2_000 : 12;
  // The servers or worker processes measured against one; two still share a database.
  const many = size === 'full' ? 3 : 2;
  await ensureBuild();
  const scratch = scratchFolder();
  const postgres = await startPostgres();
  const stores: Store[] = [];
  const fresh = async (engine: Engine) => {
    const store = await freshStore(engine, scratch.dir, postgres);
    stores.push(store);
    return store;
  };
  const measured: Measured = {};
  try {
    if (only.includes('intake')) {
      const intake: Record<string, Intake> = {};
      for (const engine of ['SQLite', 'PostgreSQL'] as const) {
        for (const count of [1, many]) {
          intake[`${engine} ${count}`] = await measureIntake(
            await fresh(engine),
            count,
            intakeLoad,
          );
        }
      }
      measured.intake = intake;
    }
    if (only.includes('arrival to draft')) {
      const waits: Record<string, number[]> = {};
      waits['SQLite 1'] = await measureArrivalToDraft(await fresh('SQLite'), 1, arrivals);
      for (const count of [1, many]) {
        waits[`PostgreSQL ${count}`] = await measureArrivalToDraft(
          await fresh('PostgreSQL'),
          count,
          arrivals,
        );
      }
      measured.waits = waits;
    }
    if (only.includes('workers')) {
      const drains: Record<string, Drain> = {};
      for (const engine of ['SQLite', 'PostgreSQL'] as const) {
        for (const count of [1, many]) {
          drains[`${engine} ${count}`] = await measureWorkers(await fresh(engine), count, backlog);
        }
      }
      measured.drains = drains;
    }
  } finally {
    for (const store of stores) await store.close().catch(() => undefined);
    postgres.stop();
    scratch.remove();
  }

  const { intake, waits, drains } = measured;
  return {
    id: 12,
    title: 'PostgreSQL beside SQLite',
    method: `A throwaway PostgreSQL 15 on 127.0.0.1 (tests/support/postgres.ts: initdb in a temp folder, fsync off, as the tests run it) and, beside it, SQLite files; every measurement on a fresh database, the production server (\`next start\`) with the offline drafter. Intake: autocannon (in the runner's process) POSTs the same valid question at ${intakeLoad.connections} connections in all for ${intakeLoad.durationS} s, after a ${intakeLoad.warmUpS} s warm-up, to one server, then spread over ${inWords(many)} servers on the same database (connections split between them, as a load balancer would; DRAFT_WORKER=off); requests/s samples are the one-second intervals summed over the servers; the p99 is the slowest server's. Arrival to draft: ${arrivals.perSecond} questions a second for ${arrivals.seconds} s, each sent on schedule, to one server or to ${inWords(many)} in turn (DRAFT_WORKER on in each: a server's worker is woken in-process by its own arrivals and by LISTEN/NOTIFY, or SQLite's data_version, by the others'); the wait is from the 201 to the draft's stored commit time, 0 when the draft was stored first. Workers: ${backlog} questions posted through intake, held back while one or ${inWords(many)} \`npm run worker\` processes (DRAFT_CONCURRENCY default) start, then released in one statement; the time is from the release until the last is drafted, and the run fails unless every question has exactly one draft run. Claims on PostgreSQL take their row with SELECT … FOR UPDATE SKIP LOCKED, outside the desk's advisory write lock; each claim still updates the tab counts' rows, which claims take in turn. Figures only, no targets.${findings(measured, many)} Every process shares the machine's cores with the database server, so more processes add contention for the CPU as well as capacity.`,
    figures: [
      ...(intake ? intakeFigures(intake, many) : []),
      ...(waits ? arrivalFigures(waits, many) : []),
      ...(drains ? workerFigures(drains, many, backlog) : []),
    ],
    charts: waits
      ? [
          {
            kind: 'distribution',
            title: 'Arrival to draft: wait per question',
            unit: 'ms',
            series: [
              { name: 'SQLite, 1 server', samples: waits['SQLite 1'] as number[] },
              { name: 'PostgreSQL, 1 server', samples: waits['PostgreSQL 1'] as number[] },
              {
                name: `PostgreSQL, ${servers(many)}`,
                samples: waits[`PostgreSQL ${many}`] as number[],
              },
            ],
          },
        ]
      : [],
  };
}
