// `npm run test:e2e:postgres [playwright args…]`, inside tests/support/with-postgres.ts: the
// browser suite with every server on PostgreSQL. Each of playwright.config.ts's servers gets a
// database of its own on the run's throwaway server (as e2e/support/own-server.ts gives the
// servers specs start), named to the config through E2E_DATABASE_URL and
// E2E_CLAUDE_DATABASE_URL. Exits with Playwright's code.
import { spawn } from 'node:child_process';
import { createPostgresDatabase } from './own-server';

if (!process.env.POSTGRES_ADMIN_URL) {
  console.error('Run through tests/support/with-postgres.ts (npm run test:e2e:postgres).');
  process.exit(2);
}

const env = {
  ...process.env,
  E2E_DATABASE_URL: await createPostgresDatabase('desk'),
  E2E_CLAUDE_DATABASE_URL: await createPostgresDatabase('claude'),
};
const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
const code: number = await new Promise((done) =>
  child.on('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0))),
);
process.exit(code);
