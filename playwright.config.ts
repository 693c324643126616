import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePortsSync } from './e2e/support/ports';
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
    ports: freePortsSync(3) as [number, number, number],
    postgresAdminUrl: process.env.E2E_POSTGRES ? process.env.POSTGRES_ADMIN_URL : undefined,
  }).env,
);
export const baseURL = process.env.E2E_BASE_URL;

// Debian's headless shell (package chromium-headless-shell) is Chromium without its windowing
// parts: the same engine as Playwright's own default for headless runs, at about a quarter less
// processor time than the full browser. The full one is the fallback.
const systemChromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
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

// One worker a core unless E2E_WORKERS says otherwise; more workers than cores share them, so
// each test is given time in proportion.
const workers = Number(process.env.E2E_WORKERS) || availableParallelism();
const share = Math.max(1, workers / availableParallelism());

const traceModes = [
  'off',
  'on',
  'retain-on-failure',
  'retain-on-first-failure',
  'on-first-retry',
] as const;

function traceMode(setting: string | undefined): (typeof traceModes)[number] {
  if (!setting) return 'off';
  const mode = traceModes.find((known) => known === setting);
  if (!mode) throw new Error(`E2E_TRACE is "${setting}": one of ${traceModes.join(', ')}.`);
  return mode;
}

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results',
  // A spec's tests run in order in one worker; specs run side by side.
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000 * share,
  expect: { timeout: 10_000 * share },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    // Recording a trace costs about a quarter of the suite's processor time even when it is
    // thrown away, so it is off; E2E_TRACE=retain-on-failure (or --trace on) records one.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
});
