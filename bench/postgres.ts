import Database from 'better-sqlite3';
import pg from 'pg';
import { type Postgres, startPostgres } from '@/tests/support/postgres';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '@/tests/support/processes';
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
 * exactly once; the same on SQLite beside it. At the tiny size, two stand for the three, and the
 * processes are reused (see `tinyRun`).
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
 * empty database, then the others side by side, as they find it done. Those in `running` (on
 * the same store, started with the same `env`) count among them.
 */
async function startServers(
  store: Store,
  count: number,
  env: Record<string, string>,
  running: readonly RunningServer[] = [],
): Promise<RunningServer[]> {
  const start = () =>
    startNextServer({
      databasePath: store.databasePath,
      env: { INTAKE_API_KEY: INTAKE_KEY, ...store.env, ...env },
    });
  const servers = [...running];
  if (servers.length === 0) servers.push(await start());
  const others = await Promise.allSettled(Array.from({ length: count - servers.length }, start));
  servers.push(...others.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : [])));
  const failed = others.find((o) => o.status === 'rejected');
  if (failed) {
    await stopAll(servers.slice(running.length));
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

/** Intake on servers already running with DRAFT_WORKER=off, after a warm-up. */
async function measureIntake(
  servers: readonly RunningServer[],
  load: { connections: number; durationS: number; warmUpS: number },
): Promise<Intake> {
  // Route modules load on first use; nothing is measured cold. A tiny run's warm-up (0 s) is
  // one question to each server, which loads them as well as a second of load.
  if (load.warmUpS > 0) {
    await intakeAcross(servers, Math.max(load.connections, servers.length), load.warmUpS);
  } else {
    await Promise.all(servers.map((server, n) => postQuestion(server, n)));
  }
  return await intakeAcross(servers, load.connections, load.durationS);
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
  servers: readonly RunningServer[],
  { perSecond, seconds }: { perSecond: number; seconds: number },
): Promise<number[]> {
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
  return arrivals.map((arrival) => Math.max(0, (stored.get(arrival.id) ?? 0) - arrival.answeredAt));
}

type Drain = { ms: number; perSecond: number };

/**
 * `questions` questions posted through intake on `server` (DRAFT_WORKER=off), any still queued
 * (the example bakery's samples) set aside first, then held back: their ids.
 */
async function postBacklog(
  store: Store,
  server: RunningServer,
  questions: number,
): Promise<number[]> {
  await store.rows(
    `update questions set status = 'discarded', discard_reason = 'bench: a sample'
     where status = 'queued'`,
  );
  const ids: number[] = [];
  let next = 0;
  const poster = async () => {
    while (next < questions) {
      ids.push((await postQuestion(server, next++)).id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, poster));
  await store.rows(
    `update questions set status = 'discarded', discard_reason = 'bench: held'
     where id in (${ids.join(',')})`,
  );
  return ids;
}

/** `count` `npm run worker` processes on the store, once each has said it is drafting. */
async function startWorkers(store: Store, count: number): Promise<Spawned[]> {
  const workers = Array.from({ length: count }, () =>
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
  } catch (error) {
    await stopWorkers(workers);
    throw error;
  }
  return workers;
}

async function stopWorkers(workers: readonly Spawned[]): Promise<void> {
  for (const worker of workers) killGroup(worker, 'SIGTERM');
  await Promise.all(workers.map((worker) => worker.exited));
}

/**
 * A held backlog released in one statement to the running `workers`: the time from the release
 * until every one is drafted. Fails unless each question was drafted exactly once (one draft
 * run each).
 */
async function drainBacklog(
  store: Store,
  workers: readonly Spawned[],
  ids: readonly number[],
): Promise<Drain> {
  const idList = ids.join(',');
  const started = performance.now();
  await store.rows(
    `update questions set status = 'queued', discard_reason = null where id in (${idList})`,
  );
  await waitUntil(
    `${ids.length} questions were drafted`,
    async () => {
      const [row] = await store.rows<{ n: number }>(
        `select count(*) as n from questions where status = 'drafted' and id in (${idList})`,
      );
      return Number(row?.n) === ids.length;
    },
    600_000,
  );
  const ms = performance.now() - started;
  const runs = await store.rows<{ question_id: number; n: number }>(
    `select question_id, count(*) as n from agent_runs
     where question_id in (${idList}) group by question_id`,
  );
  const twice = runs.filter((run) => Number(run.n) !== 1).length;
  if (runs.length !== ids.length || twice > 0) {
    throw new Error(
      `${workers.length} worker(s) on ${store.engine}: ${runs.length} of ${ids.length} questions have a draft run, ${twice} more than one; the workers said:\n${workers.map((worker) => worker.output().slice(-2000)).join('\n---\n')}`,
    );
  }
  return { ms, perSecond: (ids.length * 1000) / ms };
}

/** Stops `processes` once `work` is done with them, whether it succeeded or not. */
async function using<P, T>(
  processes: P,
  stop: (processes: P) => Promise<void>,
  work: (processes: P) => Promise<T>,
): Promise<T> {
  try {
    return await work(processes);
  } finally {
    await stop(processes);
  }
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

const inWords = (count: number) => ['one', 'two', 'three', 'four'][count - 1] ?? String(count);
const servers = (count: number) => `${count} server${count === 1 ? '' : 's'}`;
const workers = (count: number) => `${count} worker process${count === 1 ? '' : 'es'}`;

/** Each measurement's results, keyed `<engine> <count>`. */
type Measured = {
  intake: Record<string, Intake>;
  waits: Record<string, number[]>;
  drains: Record<string, Drain>;
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

/** What this run found, in words. */
function findings({ intake, drains }: Measured, many: number): string {
  const onBoth = (count: number) =>
    ratio(
      median((intake[`PostgreSQL ${count}`] as Intake).perSecond),
      median((intake[`SQLite ${count}`] as Intake).perSecond),
    );
  const scaling = (engine: Engine) =>
    ratio(
      (drains[`${engine} ${many}`] as Drain).perSecond,
      (drains[`${engine} 1`] as Drain).perSecond,
    );
  return ` In this run, intake on PostgreSQL ran at ${onBoth(1).toFixed(2)}× SQLite's rate with one server and ${onBoth(many).toFixed(2)}× with ${inWords(many)}; ${inWords(many)} worker processes drafted ${scaling('PostgreSQL').toFixed(2)}× as fast as one on PostgreSQL and ${scaling('SQLite').toFixed(2)}× on SQLite.`;
}

const tinyReuse =
  ' This is a tiny run, which reuses processes and databases rather than starting fresh ones for each measurement: on each engine the second intake server joins the first on its database, both backlogs are posted through them, and the second worker joins the first; the second PostgreSQL arrival server joins the first.';

type Loads = {
  intake: { connections: number; durationS: number; warmUpS: number };
  arrivals: { perSecond: number; seconds: number };
  backlog: number;
  /** The servers or worker processes measured against one. */
  many: number;
};

const engines = ['SQLite', 'PostgreSQL'] as const;
const draftingOff = { DRAFT_WORKER: 'off' };
const draftingOn = { DRAFT_WORKER: 'on' };

/** `npm run bench`: every measurement on a fresh database, with processes of its own. */
async function fullRun(fresh: (engine: Engine) => Promise<Store>, loads: Loads): Promise<Measured> {
  const { many } = loads;
  const measured: Measured = { intake: {}, waits: {}, drains: {} };
  for (const engine of engines) {
    for (const count of [1, many]) {
      const store = await fresh(engine);
      measured.intake[`${engine} ${count}`] = await using(
        await startServers(store, count, draftingOff),
        stopAll,
        (running) => measureIntake(running, loads.intake),
      );
    }
  }
  for (const [engine, count] of [
    ['SQLite', 1],
    ['PostgreSQL', 1],
    ['PostgreSQL', many],
  ] as const) {
    const store = await fresh(engine);
    measured.waits[`${engine} ${count}`] = await using(
      await startServers(store, count, draftingOn),
      stopAll,
      (running) => measureArrivalToDraft(store, running, loads.arrivals),
    );
  }
  for (const engine of engines) {
    for (const count of [1, many]) {
      const store = await fresh(engine);
      const ids = await using(await startServers(store, 1, draftingOff), stopAll, ([server]) =>
        postBacklog(store, server as RunningServer, loads.backlog),
      );
      measured.drains[`${engine} ${count}`] = await using(
        await startWorkers(store, count),
        stopWorkers,
        (drafters) => drainBacklog(store, drafters, ids),
      );
    }
  }
  return measured;
}

/**
 * The test suite's smoke run (tiny size): the same measurements with about half the process
 * starts, as its figures only have to come out. On each engine one database serves intake and
 * the workers: the second server joins the first for the many-server intake, both backlogs are
 * posted through them, and the second worker joins the first (which drained the first backlog)
 * for the second. On PostgreSQL the second arrival server joins the first the same way.
 */
async function tinyRun(fresh: (engine: Engine) => Promise<Store>, loads: Loads): Promise<Measured> {
  const { many } = loads;
  const measured: Measured = { intake: {}, waits: {}, drains: {} };
  for (const engine of engines) {
    const store = await fresh(engine);
    let running: RunningServer[] = [];
    const backlogs: number[][] = [];
    try {
      for (const count of [1, many]) {
        running = await startServers(store, count, draftingOff, running);
        measured.intake[`${engine} ${count}`] = await measureIntake(running, loads.intake);
      }
      for (const _ of [1, many]) {
        backlogs.push(await postBacklog(store, running[0] as RunningServer, loads.backlog));
      }
    } finally {
      await stopAll(running);
    }
    let drafters: Spawned[] = [];
    try {
      for (const [i, count] of [1, many].entries()) {
        drafters = [...drafters, ...(await startWorkers(store, count - drafters.length))];
        measured.drains[`${engine} ${count}`] = await drainBacklog(
          store,
          drafters,
          backlogs[i] as number[],
        );
      }
    } finally {
      await stopWorkers(drafters);
    }
  }
  for (const engine of engines) {
    const store = await fresh(engine);
    let running: RunningServer[] = [];
    try {
      for (const count of engine === 'SQLite' ? [1] : [1, many]) {
        running = await startServers(store, count, draftingOn, running);
        measured.waits[`${engine} ${count}`] = await measureArrivalToDraft(
          store,
          running,
          loads.arrivals,
        );
      }
    } finally {
      await stopAll(running);
    }
  }
  return measured;
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const loads: Loads =
    size === 'full'
      ? {
          intake: { connections: 8, durationS: 10, warmUpS: 2 },
          arrivals: { perSecond: 20, seconds: 30 },
          backlog: 2_000,
          many: 3,
        }
      : // Two still share a database.
        {
          intake: { connections: 3, durationS: 1, warmUpS: 0 },
          arrivals: { perSecond: 6, seconds: 1 },
          backlog: 12,
          many: 2,
        };
  const { intake: intakeLoad, arrivals, backlog, many } = loads;
  await ensureBuild();
  const scratch = scratchFolder();
  const postgres = await startPostgres();
  const stores: Store[] = [];
  const fresh = async (engine: Engine) => {
    const store = await freshStore(engine, scratch.dir, postgres);
    stores.push(store);
    return store;
  };
  let measured: Measured;
  try {
    measured = await (size === 'full' ? fullRun : tinyRun)(fresh, loads);
  } finally {
    for (const store of stores) await store.close().catch(() => undefined);
    postgres.stop();
    scratch.remove();
  }

  const { intake, waits, drains } = measured;
  return {
    id: 12,
    title: 'PostgreSQL beside SQLite',
    method: `A throwaway PostgreSQL 15 on 127.0.0.1 (tests/support/postgres.ts: initdb in a temp folder, fsync off, as the tests run it) and, beside it, SQLite files; every measurement on a fresh database, the production server (\`next start\`) with the offline drafter. Intake: autocannon (in the runner's process) POSTs the same valid question at ${intakeLoad.connections} connections in all for ${intakeLoad.durationS} s, after ${intakeLoad.warmUpS > 0 ? `a ${intakeLoad.warmUpS} s warm-up` : 'one question to each server'}, to one server, then spread over ${inWords(many)} servers on the same database (connections split between them, as a load balancer would; DRAFT_WORKER=off); requests/s samples are the one-second intervals summed over the servers; the p99 is the slowest server's. Arrival to draft: ${arrivals.perSecond} questions a second for ${arrivals.seconds} s, each sent on schedule, to one server or to ${inWords(many)} in turn (DRAFT_WORKER on in each: a server's worker is woken in-process by its own arrivals and by LISTEN/NOTIFY, or SQLite's data_version, by the others'); the wait is from the 201 to the draft's stored commit time, 0 when the draft was stored first. Workers: ${backlog} questions posted through intake, held back while one or ${inWords(many)} \`npm run worker\` processes (DRAFT_CONCURRENCY default) start, then released in one statement; the time is from the release until the last is drafted, and the run fails unless every question has exactly one draft run. Claims on PostgreSQL take their row with SELECT … FOR UPDATE SKIP LOCKED, outside the desk's advisory write lock; each claim still updates the tab counts' rows, which claims take in turn. Figures only, no targets.${findings(measured, many)} Every process shares the machine's cores with the database server, so more processes add contention for the CPU as well as capacity.${size === 'tiny' ? tinyReuse : ''}`,
    figures: [
      ...intakeFigures(intake, many),
      ...arrivalFigures(waits, many),
      ...workerFigures(drains, many, backlog),
    ],
    charts: [
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
    ],
  };
}
