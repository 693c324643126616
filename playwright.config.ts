import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { workerDeskPlan } from './e2e/support/worker-plan';

// Workers re-evaluate this file; the environment carries the main process's choices to them.
process.env.E2E_RUN_DIR ??= join(tmpdir(), `bakery-desk-e2e-${process.pid}-${Date.now()}`);
const runDir = process.env.E2E_RUN_DIR;
mkdirSync(runDir, { recursive: true });
if (process.env.POSTGRES_ADMIN_URL && !process.env.E2E_POSTGRES) {
  throw new Error('A PostgreSQL run gives each server its database: npm run test:e2e:postgres.');
}
// Each worker's own desks (e2e/support/worker-plan.ts), started by e2e/support/fixtures.ts; tests
// open the same databases to check what the servers wrote (e2e/support/database.ts). The main
// process only lists the specs, as worker 0 would see them.
Object.assign(
  process.env,
  workerDeskPlan({
    runDir,
    workerIndex: Number(process.env.TEST_WORKER_INDEX ?? 0),
    postgresAdminUrl: process.env.E2E_POSTGRES ? process.env.POSTGRES_ADMIN_URL : undefined,
  }).env,
);
export const baseURL = process.env.E2E_BASE_URL;

const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    }
  : {};

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results',
  // A spec's tests run in order in one worker; specs run side by side, one worker a core.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || availableParallelism(),
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
});
