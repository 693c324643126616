import Database from 'better-sqlite3';
import pg from 'pg';
import { numbered } from './numbered-params';
import type { TempDatabase } from './temp-db';

/**
 * A connection of its own to a test's database, as another process (a second server, a worker)
 * holds one: on SQLite a new better-sqlite3 handle on the file, on PostgreSQL a `pg.Client` on
 * the database's URL. Write `?` for each value, as in `sql.ts`; each statement commits at once.
 */
export type OutsideConnection = {
  run: (text: string, ...params: unknown[]) => Promise<void>;
  rows: <T = Record<string, unknown>>(text: string, ...params: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

export async function openOutsideConnection(temp: TempDatabase): Promise<OutsideConnection> {
  if (temp.url) {
    const client = new pg.Client({ connectionString: temp.url });
    await client.connect();
    const rows = async <T>(text: string, ...params: unknown[]) =>
      (await client.query(numbered(text), params)).rows as T[];
    return {
      run: async (text, ...params) => {
        await rows(text, ...params);
      },
      rows,
      close: () => client.end(),
    };
  }
  const sqlite = new Database(temp.path);
  sqlite.pragma('busy_timeout = 5000');
  return {
    run: async (text, ...params) => {
      if (params.length === 0) sqlite.exec(text);
      else sqlite.prepare(text).run(...params);
    },
    rows: async <T>(text: string, ...params: unknown[]) =>
      sqlite.prepare(text).all(...params) as T[],
    close: async () => {
      sqlite.close();
    },
  };
}
/** A question queued by another connection, as a colleague's server would store one. */
export async function queueQuestionElsewhere(
  other: OutsideConnection,
  { text, at }: { text: string; at: number },
): Promise<void> {
  await other.run(
    `insert into questions (text, customer_name, channel, ticket_token, status, received_at, updated_at, last_message_at)
     values (?, 'Ana', 'web', ?, 'queued', ?, ?, ?)`,
    text,
    `other-${text}-${at}-${Math.random()}`,
    at,
    at,
    at,
  );
}

/**
 * What a worker process started with these settings waits for a lock before its statement
 * fails: SQLite's busy timeout (5 s in db/client.ts) on SQLite, PostgreSQL's `lock_timeout` (read
 * by node-postgres from PGOPTIONS) there; PGAPPNAME names its connections, so a test can end
 * them once the process is killed.
 */
export function lockWaitOf(name: string): Record<string, string> {
  return { PGOPTIONS: '-c lock_timeout=5000', PGAPPNAME: name };
}

/**
 * Holds another connection's lock on the desk's writes to `table`: SQLite's BEGIN IMMEDIATE
 * (every write waits), PostgreSQL's EXCLUSIVE table lock (reads pass, writes and claims wait).
 * `release(killed)` ends it; on PostgreSQL it first ends the connections of a process that was
 * killed while one of its statements waited (as the server does once it sees the client gone),
 * so that statement is never carried out after the process died.
 */
export async function holdWrites(
  temp: TempDatabase,
  table: string,
): Promise<{ release: (killed?: string) => Promise<void> }> {
  if (temp.url) {
    const client = new pg.Client({ connectionString: temp.url });
    await client.connect();
    await client.query('begin');
    await client.query(`lock table ${pg.escapeIdentifier(table)} in exclusive mode`);
    return {
      release: async (killed) => {
        if (killed) {
          await client.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
            [killed],
          );
        }
        await client.query('rollback');
        await client.end();
      },
    };
  }
  const sqlite = new Database(temp.path);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.exec('BEGIN IMMEDIATE');
  return {
    release: async () => {
      sqlite.exec('ROLLBACK');
      sqlite.close();
    },
  };
}
