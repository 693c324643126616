import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { postgresPassFiles } from './tests/support/postgres-pass';
import { sharesModules } from './tests/support/unit-projects';
import base from './vitest.config';

const files = postgresPassFiles();
const shared = files.filter((file) => sharesModules(readFileSync(file, 'utf8')));
const isolated = files.filter((file) => !shared.includes(file));

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
    // As in the SQLite pass, files that replace no module or global and start no process share
    // one module graph per worker (tests/support/unit-projects.ts).
    projects: [
      { extends: true, test: { name: 'shared', include: shared, isolate: false } },
      { extends: true, test: { name: 'desk', include: isolated } },
    ],
  },
});
