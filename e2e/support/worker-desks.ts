import { join } from 'node:path';
import pg from 'pg';
import { startFakeAnthropic } from '../../tests/support/fake-anthropic';
import { claudeDraftScript } from './claude-script';
import { claudeDesk, mainDesk } from './database';
import { type OwnServer, startServer } from './own-server';
import { sendRepliesAtOnce } from './undo-send';
import { ensureUser, owner } from './users';

/** A worker's desks (the plan in e2e/support/worker-plan.ts), each started on its first call. */
export type WorkerDesks = {
  /** The main desk, started (and its owner made: the first run's setup) on the first call. */
  main: () => Promise<OwnServer>;
  /** The Claude desk and its fake Messages API, started on the first call. */
  claude: () => Promise<OwnServer>;
  stop: () => Promise<void>;
};

export function workerDesks(): WorkerDesks {
  const port = (name: string) => Number(new URL(process.env[name] ?? '').port);
  const stops: (() => Promise<void>)[] = [];
  const once = <T>(start: () => Promise<T>) => {
    let started: Promise<T> | undefined;
    return () => {
      started ??= start();
      return started;
    };
  };

  const main = once(async () => {
    const at = mainDesk();
    if (at.url) await createDatabaseAt(at.url);
    const server = await startServer({
      name: 'desk',
      dir: join(at.path, '..'),
      port: port('E2E_BASE_URL'),
      database: at,
      env: {
        HOST: '127.0.0.1',
        // As if a proxy on this machine stood in front: tests give each client its own address
        // with X-Forwarded-For. e2e/network.spec.ts starts a server without it.
        TRUSTED_PROXIES: '127.0.0.1',
        // The public name e2e/intake-api.spec.ts reaches it by, through a "proxy".
        ALLOWED_HOSTS: 'desk.example.com',
        DRAFT_MODEL: 'offline',
        DRAFT_WORKER: 'on',
        INTAKE_API_KEY: 'e2e-intake-key',
      },
    });
    stops.push(server.stop);
    // The home page opens (and migrates) the database, which the health check does not wait for.
    const home = await fetch(server.url);
    if (!home.ok)
      throw new Error(`the desk's home page answered ${home.status}:\n${server.output()}`);
    // The first run's setup, done here once: specs that need a desk without an account start
    // their own (e2e/01-first-run.spec.ts).
    await ensureUser(owner, at);
    // Journeys read a reply right after Send; e2e/undo-send.spec.ts turns the hold on itself.
    await sendRepliesAtOnce(at);
    return server;
  });

  const claude = once(async () => {
    const fakeApi = await startFakeAnthropic({
      script: claudeDraftScript,
      port: port('E2E_FAKE_ANTHROPIC_URL'),
    });
    stops.push(() => fakeApi.close());
    const at = claudeDesk();
    if (at.url) await createDatabaseAt(at.url);
    const server = await startServer({
      name: 'claude',
      dir: join(at.path, '..'),
      port: port('E2E_CLAUDE_BASE_URL'),
      database: at,
      env: {
        HOST: '127.0.0.1',
        DRAFT_MODEL: 'claude',
        ANTHROPIC_API_KEY: 'test',
        ANTHROPIC_BASE_URL: fakeApi.url,
        CLAUDE_MAX_RETRIES: '0',
        // Drafts start only when a person asks (Draft now), so the script is played once, in order.
        DRAFT_WORKER: 'off',
        INTAKE_API_KEY: '',
      },
    });
    stops.push(server.stop);
    return server;
  });

  return {
    main,
    claude,
    stop: async () => {
      for (const stop of stops.reverse()) await stop();
    },
  };
}

/** The database a URL names, made on its server (the PostgreSQL run's throwaway one). */
async function createDatabaseAt(url: string): Promise<void> {
  const admin = process.env.POSTGRES_ADMIN_URL;
  if (!admin) throw new Error('POSTGRES_ADMIN_URL is not set: run through test:e2e:postgres.');
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
