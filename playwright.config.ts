import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { claudeDraftScript } from './e2e/support/claude-script';

// Workers re-evaluate this file; the environment carries the main process's choices to them.
process.env.E2E_RUN_DIR ??= join(tmpdir(), `bakery-desk-e2e-${process.pid}-${Date.now()}`);
const runDir = process.env.E2E_RUN_DIR;
// Tests open the same database to check what the server wrote (e2e/support/database.ts): the
// SQLite file, or in a PostgreSQL run (`npm run test:e2e:postgres`) the database at
// E2E_DATABASE_URL; the setup-code file is kept beside DATABASE_PATH either way.
process.env.E2E_DATABASE_PATH = join(runDir, 'desk.db');
// The second server, which drafts with "Claude" (a fake Messages API), has its own database.
process.env.E2E_CLAUDE_DATABASE_PATH = join(runDir, 'claude.db');
/** A server's database settings: its own PostgreSQL database in a PostgreSQL run. */
const databaseEnv = (path: string, url: string | undefined): Record<string, string> =>
  url ? { DATABASE_PATH: path, DATABASE_URL: url } : { DATABASE_PATH: path };
if (process.env.POSTGRES_ADMIN_URL && !process.env.E2E_DATABASE_URL) {
  throw new Error('A PostgreSQL run gives each server its database: npm run test:e2e:postgres.');
}
const fakeScriptPath = join(runDir, 'fake-anthropic-script.json');
if (!existsSync(runDir)) {
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  writeFileSync(fakeScriptPath, JSON.stringify(claudeDraftScript));
}

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
const claudePort = port + 1;
const fakeAnthropicPort = port + 2;
process.env.E2E_CLAUDE_BASE_URL = `http://127.0.0.1:${claudePort}`;
process.env.E2E_FAKE_ANTHROPIC_URL = `http://127.0.0.1:${fakeAnthropicPort}`;

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
  // Started one after another, in this order: the first builds the app when needed (as
  // `npm start` does), so the Claude server after it only starts the same build.
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // As if a proxy on this machine stood in front: tests give each client its own address
        // with X-Forwarded-For. e2e/network.spec.ts starts a server without it.
        TRUSTED_PROXIES: '127.0.0.1',
        // The public name e2e/intake-api.spec.ts reaches it by, through a "proxy".
        ALLOWED_HOSTS: 'desk.example.com',
        ...databaseEnv(process.env.E2E_DATABASE_PATH, process.env.E2E_DATABASE_URL),
        DRAFT_MODEL: 'offline',
        ANTHROPIC_API_KEY: '',
        ANTHROPIC_BASE_URL: '',
        INTAKE_API_KEY: 'e2e-intake-key',
        NEXT_TELEMETRY_DISABLED: '1',
      },
    },
    {
      command: `npx tsx tests/support/fake-anthropic-server.ts --script ${fakeScriptPath} --port ${fakeAnthropicPort}`,
      url: `http://127.0.0.1:${fakeAnthropicPort}/__requests`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/start.mjs --no-build',
      url: `${process.env.E2E_CLAUDE_BASE_URL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(claudePort),
        HOST: '127.0.0.1',
        ...databaseEnv(process.env.E2E_CLAUDE_DATABASE_PATH, process.env.E2E_CLAUDE_DATABASE_URL),
        DRAFT_MODEL: 'claude',
        ANTHROPIC_API_KEY: 'test',
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${fakeAnthropicPort}`,
        CLAUDE_MAX_RETRIES: '0',
        // Drafts start only when a person asks (Draft now), so the script is played once, in order.
        DRAFT_WORKER: 'off',
        INTAKE_API_KEY: '',
        NEXT_TELEMETRY_DISABLED: '1',
      },
    },
  ],
});
