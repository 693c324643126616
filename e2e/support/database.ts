import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { numbered } from '../../tests/support/numbered-params';

/**
 * Where a server under test keeps its desk: its DATABASE_PATH (the SQLite file, or on
 * PostgreSQL the place its setup-code file is kept beside) and, on PostgreSQL, its database's
 * URL.
 */
export type DeskDatabaseAt = { path: string; url?: string };

/** Whether this run's servers are on PostgreSQL (`npm run test:e2e:postgres`). */
export const e2eOnPostgres = (): boolean => process.env.E2E_DATABASE_URL !== undefined;

function fromEnv(pathName: string, urlName: string): DeskDatabaseAt {
  const path = process.env[pathName];
  if (!path) throw new Error(`${pathName} is not set: run the suite through playwright.config.ts.`);
  const url = process.env[urlName];
  return url ? { path, url } : { path };
}

/** The suite's main server's database. */
export const mainDesk = (): DeskDatabaseAt => fromEnv('E2E_DATABASE_PATH', 'E2E_DATABASE_URL');

/** The database of the second server, which drafts with "Claude" (a fake Messages API). */
export const claudeDesk = (): DeskDatabaseAt =>
  fromEnv('E2E_CLAUDE_DATABASE_PATH', 'E2E_CLAUDE_DATABASE_URL');

/** The settings a process needs to open that desk (a server, a script). */
export function databaseEnv(at: DeskDatabaseAt): Record<string, string> {
  return at.url ? { DATABASE_PATH: at.path, DATABASE_URL: at.url } : { DATABASE_PATH: at.path };
}

type Row = Record<string, unknown>;

/**
 * Raw SQL against a server's database, on either engine: tests look at what the server wrote
 * and, now and then, set a row up behind its back. Write `?` for each value and portable SQL
 * (booleans as true/false, instants as milliseconds, JSON read with `->>`). Rows come back as
 * objects named by column, alike on both engines: PostgreSQL's booleans as SQLite's 1 and 0,
 * its int8 counts and instants as numbers, its JSON as text.
 */
export type DeskDatabase = {
  engine: 'sqlite' | 'postgres';
  rows: <T = Row>(text: string, ...params: unknown[]) => Promise<T[]>;
  /** The first row, if any. */
  row: <T = Row>(text: string, ...params: unknown[]) => Promise<T | undefined>;
  /** The first column of the first row (a count, one field). */
  value: <T = unknown>(text: string, ...params: unknown[]) => Promise<T>;
  /** A statement that answers no rows (update, insert, delete). */
  run: (text: string, ...params: unknown[]) => Promise<void>;
  close: () => Promise<void>;
};

export async function openDeskDatabase(at: DeskDatabaseAt = mainDesk()): Promise<DeskDatabase> {
  const rows = at.url ? await postgresRows(at.url) : sqliteRows(at.path);
  const first = async <T>(text: string, params: unknown[]) =>
    (await rows.query(text, params))[0] as T | undefined;
  return {
    engine: at.url ? 'postgres' : 'sqlite',
    rows: async <T>(text: string, ...params: unknown[]) => (await rows.query(text, params)) as T[],
    row: (text, ...params) => first(text, params),
    value: async <T>(text: string, ...params: unknown[]) => {
      const row = await first<Row>(text, params);
      return (row === undefined ? undefined : Object.values(row)[0]) as T;
    },
    run: async (text, ...params) => {
      await rows.query(text, params);
    },
    close: rows.close,
  };
}

/** Opens the database, runs `work` on it, and closes it whatever happens. */
export async function withDeskDatabase<T>(
  work: (db: DeskDatabase) => Promise<T>,
  at: DeskDatabaseAt = mainDesk(),
): Promise<T> {
  const db = await openDeskDatabase(at);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** One query's rows, on a connection of its own (polls read the database afresh each time). */
export const deskRows = <T = Row>(text: string, ...params: unknown[]): Promise<T[]> =>
  withDeskDatabase((db) => db.rows<T>(text, ...params));

export const deskRow = <T = Row>(text: string, ...params: unknown[]): Promise<T | undefined> =>
  withDeskDatabase((db) => db.row<T>(text, ...params));

export const deskValue = <T = unknown>(text: string, ...params: unknown[]): Promise<T> =>
  withDeskDatabase((db) => db.value<T>(text, ...params));

type Rows = {
  query: (text: string, params: unknown[]) => Promise<Row[]>;
  close: () => Promise<void>;
};

function sqliteRows(path: string): Rows {
  const db = new Database(path, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return {
    query: async (text, params) => {
      const statement = db.prepare(text);
      // SQLite binds no booleans: true and false are its 1 and 0.
      const values = params.map((value) => (typeof value === 'boolean' ? Number(value) : value));
      if (!statement.reader) {
        statement.run(...values);
        return [];
      }
      return statement.all(...values) as Row[];
    },
    close: async () => {
      db.close();
    },
  };
}

const INT8 = 20;
const JSON_OID = 114;
const JSONB = 3802;

async function postgresRows(url: string): Promise<Rows> {
  const client = new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8
          ? Number
          : oid === JSON_OID || oid === JSONB
            ? (text: string) => text
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  await client.connect();
  return {
    query: async (text, params) => {
      const result = await client.query(numbered(text), params);
      return (result.rows as Row[]).map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([name, value]) => [
            name,
            typeof value === 'boolean' ? Number(value) : value,
          ]),
        ),
      );
    },
    close: () => client.end(),
  };
}

export function countRows(
  table: 'questions' | 'agent_runs' | 'tool_calls' | 'replies' | 'messages',
): Promise<number> {
  return deskValue<number>(`select count(*) from ${table}`);
}

/** The desk stores a ticket's token only as its SHA-256, as it does session ids. */
export function ticketHash(ticketPath: string): string {
  const token = ticketPath.split('/').pop() ?? '';
  return createHash('sha256').update(token).digest('hex');
}
