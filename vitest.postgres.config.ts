import { defineConfig } from 'vitest/config';
import { postgresPassFiles } from './tests/support/postgres-pass';
import base from './vitest.config';

/**
 * The PostgreSQL pass (`npm run test:unit:postgres`, inside tests/support/with-postgres.ts,
 * which sets DATABASE_URL and POSTGRES_ADMIN_URL): the test files tagged `@module-tag postgres`
 * (tests/support/postgres-pass.ts), those that exercise the database's own behaviour, each test
 * on a fresh database of its own. The rest run on SQLite only. The PostgreSQL schema's and
 * db:copy's own tests (tests/postgres/) start a PostgreSQL server of their own, beside SQLite,
 * so they run in the SQLite pass.
 * tests/architecture/postgres-pass.test.ts fails when a db/ module has no test here.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // One project: the SQLite pass's split by isolation does not apply to the tagged files.
    projects: undefined,
    include: postgresPassFiles(),
  },
});
