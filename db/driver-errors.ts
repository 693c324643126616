import 'server-only';
import { DrizzleQueryError } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { SQLitePreparedQuery } from 'drizzle-orm/sqlite-core';
import pg from 'pg';

type Runs = {
  queryWithCache(text: string, params: unknown[], query: () => Promise<unknown>): Promise<unknown>;
};

/**
 * Drizzle wraps every failed statement's error in its own, whose message carries the
 * statement's values: customers' words, addresses, password and token hashes. Those are not
 * words for a log line, an error page or the settings page, and callers look for the driver's
 * own code (SQLITE_BUSY, a constraint). So a failed statement rejects with the driver's error
 * itself, as it did when the desk called better-sqlite3 directly. Drizzle has no setting for
 * this: its one place of wrapping is unwrapped, for both engines (`driver-errors.test.ts`).
 * PostgreSQL's own error adds a `detail` that repeats a broken constraint's row or key values
 * (`Key (email)=(…)`, `Failing row contains (…)`), so it is left out; the constraint, table and
 * column are still named, and the code is PostgreSQL's.
 */
function reportDriverErrors(prototype: Runs): void {
  const wrapping = prototype.queryWithCache;
  if ((wrapping as { unwrapped?: true }).unwrapped) return;
  const unwrapped = async function (this: Runs, ...args: Parameters<Runs['queryWithCache']>) {
    try {
      return await wrapping.apply(this, args);
    } catch (error) {
      const own =
        error instanceof DrizzleQueryError && error.cause !== undefined ? error.cause : error;
      if (own instanceof pg.DatabaseError) own.detail = undefined;
      throw own;
    }
  };
  prototype.queryWithCache = Object.assign(unwrapped, { unwrapped: true as const });
}

reportDriverErrors(SQLitePreparedQuery.prototype as unknown as Runs);
reportDriverErrors(PgPreparedQuery.prototype as unknown as Runs);
