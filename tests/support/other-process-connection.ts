import Database from 'better-sqlite3';
import pg from 'pg';
import { numbered } from './sql';
import type { TempDatabase } from './temp-db';

/**
 * A connection to the test's database that is not the desk's own, as another process (a
 * separately run worker, a second server) would hold: on SQLite a second handle on the file, on
 * PostgreSQL a client of its own. Each statement commits on its own; `?` marks each value.
 */
export type OtherProcessConnection = {
  run: (text: string, ...params: unknown[]) => Promise<void>;
  close: () => Promise<void>;
};

export async function openOtherProcessConnection(
  temp: TempDatabase,
): Promise<OtherProcessConnection> {
  if (temp.url) {
    const client = new pg.Client({ connectionString: temp.url });
    await client.connect();
    return {
      run: async (text, ...params) => {
        await client.query(numbered(text), params);
      },
      close: () => client.end(),
    };
  }
  const sqlite = new Database(temp.path);
  sqlite.pragma('busy_timeout = 5000');
  return {
    run: async (text, ...params) => {
      sqlite.prepare(text).run(...params);
    },
    close: async () => {
      sqlite.close();
    },
  };
}
