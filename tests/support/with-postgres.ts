// `tsx tests/support/with-postgres.ts -- <command…>`: runs a command against a throwaway
// PostgreSQL 15 (started here, stopped after, whatever the command did: it failed, it was
// interrupted, this process was killed; see `startPostgres`). The command gets DATABASE_URL (an
// empty database, `desk`) and POSTGRES_ADMIN_URL (the server's own database, for tests that make
// a fresh database each). Exits with the command's code.
import { spawn } from 'node:child_process';
import { startPostgres } from './postgres';

const separator = process.argv.indexOf('--');
const [command, ...args] = separator === -1 ? [] : process.argv.slice(separator + 1);
if (!command) {
  console.error('Usage: tsx tests/support/with-postgres.ts -- <command> [args…]');
  process.exit(2);
}

const server = await startPostgres();
let code = 1;
try {
  const databaseUrl = await server.createDatabase('desk');
  console.log(`[postgres] a throwaway PostgreSQL on 127.0.0.1:${server.port}`);
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl, POSTGRES_ADMIN_URL: server.url },
  });
  // An interrupted run reaches the command, which ends its own way; the server is stopped after.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  code = await new Promise<number>((done) => {
    child.on('error', (error) => {
      console.error(`[postgres] could not run ${command}: ${error.message}`);
      done(127);
    });
    child.on('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0)));
  });
} finally {
  server.stop();
}
process.exit(code);
