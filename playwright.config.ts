import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Workers re-evaluate this file; the environment carries the main process's choices to them.
process.env.E2E_RUN_DIR ??= join(tmpdir(), `bakery-desk-e2e-${process.pid}-${Date.now()}`);
const runDir = process.env.E2E_RUN_DIR;
// Tests open the same SQLite file to check what the server wrote.
process.env.E2E_DATABASE_PATH = join(runDir, 'desk.db');
if (!existsSync(runDir)) {
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
}

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

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
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: process.env.E2E_DATABASE_PATH,
      DRAFT_MODEL: 'offline',
      ANTHROPIC_API_KEY: '',
      ANTHROPIC_BASE_URL: '',
      INTAKE_API_KEY: 'e2e-intake-key',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
