// `tsx tests/support/with-postgres.ts -- <command…>`: runs a command against a throwaway
// PostgreSQL 15 (started here, stopped after, whatever the command did). The command gets
// DATABASE_URL (an empty database, `desk`) and POSTGRES_ADMIN_URL (the server's own database,
// for tests that make a fresh database each). Exits with the command's code.
import { spawn } from 'node:child_process';
import { startPostgres } from './postgres';

const separator = process.argv.indexOf('--');
const [command, ...args] = separator === -1 ? [] : process.argv.slice(separator + 1);
if (!command) {
  console.error('Usage: tsx tests/support/with-postgres.ts -- <command> [args…]');
  process.exit(2);
}

const server = await startPostgres();
const databaseUrl = await server.createDatabase('desk');
console.log(`[postgres] a throwaway PostgreSQL on 127.0.0.1:${server.port}`);
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl, POSTGRES_ADMIN_URL: server.url },
});
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
const code: number = await new Promise((done) =>
  child.on('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0))),
);
server.stop();
process.exit(code);
