import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slow-first-sequencer';

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
      // The pure code's tests share one module graph per worker: they hold no database, server
      // or process of their own, so loading the agent, zod and the rest once per worker rather
      // than once per file cuts the suite's import time by more than half.
      { extends: true, test: { name: 'pure', include: ['lib/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'desk',
          include: ['db/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
