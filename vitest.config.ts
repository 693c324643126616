import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // `server-only` guards db/ from client bundles; outside Next it is an empty module.
    alias: { 'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)) },
  },
  test: {
    include: ['lib/**/*.test.ts', 'db/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**'],
    // Files tagged `// @module-tag postgres` also run in the PostgreSQL pass
    // (vitest.postgres.config.ts, tests/support/postgres-pass.ts).
    tags: [
      { name: 'postgres', description: 'also runs on PostgreSQL (npm run test:unit:postgres)' },
    ],
    // Many files wait on servers, processes and mailboxes as much as they compute, so one worker
    // a core (vitest's default leaves one idle), or UNIT_WORKERS.
    maxWorkers: Number(process.env.UNIT_WORKERS) || availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
