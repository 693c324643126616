import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slow-first-sequencer';
import { deskTestFiles } from './tests/support/unit-projects';

const desk = deskTestFiles();

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // `server-only` guards db/ from client bundles; outside Next it is an empty module.
    alias: { 'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)) },
  },
  test: {
    // Which files: the projects below (the PostgreSQL pass names its own).
    exclude: ['e2e/**', 'node_modules/**'],
    // Files tagged `// @module-tag postgres` also run in the PostgreSQL pass
    // (vitest.postgres.config.ts, tests/support/postgres-pass.ts).
    tags: [
      { name: 'postgres', description: 'also runs on PostgreSQL (npm run test:unit:postgres)' },
    ],
    // Many files wait on servers, processes and mailboxes as much as they compute, so one worker
    // a core (vitest's default leaves one idle), or UNIT_WORKERS.
    maxWorkers: Number(process.env.UNIT_WORKERS) || availableParallelism(),
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      // Files that can share one module graph per worker do (tests/support/unit-projects.ts):
      // the pure code's tests, and the desk's tests that replace no module or global and start
      // no process. The rest get a fresh graph per file.
      { extends: true, test: { name: 'pure', include: ['lib/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'shared', include: desk.shared, isolate: false } },
      { extends: true, test: { name: 'desk', include: desk.isolated } },
    ],
  },
});
