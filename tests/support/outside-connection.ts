import Database from 'better-sqlite3';
import pg from 'pg';
import { numbered } from './sql';
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
      sqlite.prepare(text).run(...params);
    },
    rows: async <T>(text: string, ...params: unknown[]) =>
      sqlite.prepare(text).all(...params) as T[],
    close: async () => {
      sqlite.close();
    },
  };
}
