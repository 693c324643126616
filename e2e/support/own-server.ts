import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { spawnInGroup } from '../../tests/support/processes';
import { type DeskDatabaseAt, databaseEnv, e2eOnPostgres } from './database';
import { freePort } from './ports';

export type OwnServer = {
  url: string;
  port: number;
  /** Its DATABASE_PATH (the SQLite file, or where the setup code is kept on PostgreSQL). */
  databasePath: string;
  /** Its database, for e2e/support/database.ts. */
  database: DeskDatabaseAt;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * `npm start` as an operator runs it (`node scripts/start.mjs`, the build already made by the
 * suite's first server) with only the settings given: no HOST, no TRUSTED_PROXIES unless a test
 * passes them. In its own process group, stopped as a group.
 *
 * Its database is fresh and its own (a SQLite file in a new folder of the run's, or in a
 * PostgreSQL run a new database on the run's server), unless `database` names another server's:
 * then the two share one desk, as two `npm start` processes on one database do. It listens on
 * a free port unless `port` names one.
 */
export async function startOwnServer({
  name,
  port,
  env = {},
  prepareDatabase,
  database,
}: {
  name: string;
  port?: number;
  env?: Record<string, string>;
  /**
   * Writes the SQLite file the server starts on (an earlier release's, say), and keeps this
   * server on SQLite in a PostgreSQL run too: what it writes is SQLite's.
   */
  prepareDatabase?: (path: string) => void;
  /** Another server's database, to share. */
  database?: DeskDatabaseAt;
}): Promise<OwnServer> {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir)
    throw new Error('E2E_RUN_DIR is not set: run the suite through playwright.config.ts.');
  // A folder of its own each time: a spec repeated, or run in two workers at once, starts afresh.
  const dir = join(runDir, `${name}-${randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  return startServer({
    dir,
    port: port ?? (await freePort()),
    env,
    prepareDatabase,
    database,
    name,
  });
}

/**
 * The same, in a folder chosen by the caller and on a port the caller knows beforehand: each
 * Playwright worker's own desks (e2e/support/worker-desks.ts).
 */
export async function startServer({
  dir,
  name,
  port,
  env = {},
  prepareDatabase,
  database,
}: {
  dir: string;
  name: string;
  port: number;
  env?: Record<string, string>;
  prepareDatabase?: (path: string) => void;
  database?: DeskDatabaseAt;
}): Promise<OwnServer> {
  mkdirSync(dir, { recursive: true });
  const databasePath = join(dir, 'desk.db');
  prepareDatabase?.(databasePath);
  const at: DeskDatabaseAt =
    database ??
    (e2eOnPostgres() && !prepareDatabase
      ? { path: databasePath, url: await createPostgresDatabase(name) }
      : { path: databasePath });
  // Only the settings given: none of the suite's own HOST, proxies, host names or database.
  const { child, output } = spawnInGroup(
    ['scripts/start.mjs', '--no-build'],
    {
      PORT: String(port),
      ...databaseEnv(at),
      DRAFT_MODEL: 'offline',
      DRAFT_WORKER: 'off',
      ...env,
    },
    {
      unset: [
        'HOST',
        'TRUSTED_PROXIES',
        'ALLOWED_HOSTS',
        'PUBLIC_BASE_URL',
        'NODE_ENV',
        'DATABASE_URL',
      ],
    },
  );
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within 60 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, databasePath: at.path, database: at, output, stop };
}

/** A new, empty database on the PostgreSQL run's server, named for the server; its URL. */
export async function createPostgresDatabase(name: string): Promise<string> {
  const admin = process.env.POSTGRES_ADMIN_URL;
  if (!admin) throw new Error('POSTGRES_ADMIN_URL is not set: run through test:e2e:postgres.');
  // A name of its own each time: a retried worker starts its servers again, and workers run at
  // once.
  const suffix = `${Date.now()}_${randomUUID().slice(0, 8)}`;
  const database = `e2e_${name
    .replace(/[^a-z0-9]+/gi, '_')
    .toLowerCase()
    .slice(0, 40)}_${suffix}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
}
