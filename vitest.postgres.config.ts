import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The suite again on PostgreSQL (`npm run test:unit:postgres`, inside tests/support/with-postgres.ts,
 * which sets DATABASE_URL and POSTGRES_ADMIN_URL): every test that reads or writes the desk's
 * database, each on a fresh database of its own. Left out, since they do not touch the engine
 * the desk runs on: the pure code (lib/), the benchmarks' own checks and the fake model servers;
 * and what is SQLite's alone: its migrations and release fixtures, db:backup/db:restore (SQLite's
 * online backup; PostgreSQL's is pg_dump) and the SQLite connection's own tests. The PostgreSQL
 * schema's own tests start their own server and run in the SQLite pass.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['tests/**/*.test.ts'],
    exclude: [
      'tests/migrations/**',
      'tests/backup/**',
      'tests/postgres/**',
      'tests/architecture/**',
      'tests/scripts/**',
      'tests/support/**',
      'tests/db/sqlite-connection.test.ts',
    ],
  },
});
