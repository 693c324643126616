// `npm run test:e2e:postgres [playwright args…]`, inside tests/support/with-postgres.ts: the
// browser journeys tagged '@postgres' (first run, ask → draft → send, a conversation, email, two
// servers on one database, the limits counted in it) with every server on PostgreSQL; the rest of
// the suite runs on SQLite only. Each worker's desks get a database of their own on the run's
// throwaway server (E2E_POSTGRES: e2e/support/worker-plan.ts), as the servers specs start do
// (e2e/support/own-server.ts). Exits with Playwright's code.
import { spawn } from 'node:child_process';

if (!process.env.POSTGRES_ADMIN_URL) {
  console.error('Run through tests/support/with-postgres.ts (npm run test:e2e:postgres).');
  process.exit(2);
}

const env = { ...process.env, E2E_POSTGRES: '1' };
const child = spawn(
  'npx',
  ['playwright', 'test', '--grep', '@postgres', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env,
  },
);
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
const code: number = await new Promise((done) =>
  child.on('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0))),
);
process.exit(code);
