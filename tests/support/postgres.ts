import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './dovecot';
import { memoryDir } from './memory-dir';

/** Debian's PostgreSQL 15 server; `.ci/run` installs `postgresql` when it is missing. */
const binDir = '/usr/lib/postgresql/15/bin';

export type Postgres = {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the server's own database. */
  url: string;
  /** A fresh, empty database; its URL. */
  createDatabase: (name: string) => Promise<string>;
  /**
   * Stops the server (`pg_ctl stop -m fast`: clients are cut off) and keeps its data, as an
   * operator's restart does; `up` starts it again on the same port.
   */
  down: () => void;
  up: () => void;
  stop: () => void;
};

/**
 * A throwaway PostgreSQL on 127.0.0.1: a cluster made with initdb in a temp folder, in memory
 * where the machine has it (`memory-dir.ts`; its unix socket there too), trust authentication for the loopback only, and no fsync, since nothing
 * in it needs to outlive the tests. As root, the server runs as the `postgres` user, which owns
 * the folder: PostgreSQL refuses to run as root.
 */
export async function startPostgres(): Promise<Postgres> {
  const initdb = join(binDir, 'initdb');
  if (!existsSync(initdb)) {
    throw new Error(`PostgreSQL is not installed (${initdb}): apt-get install -y postgresql`);
  }
  const dir = mkdtempSync(join(memoryDir(), 'bakery-desk-postgres-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (binary: string, args: string[]) => {
    const [command, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(binDir, binary), ...args]]
      : [join(binDir, binary), args];
    const done = spawnSync(command, argv, { encoding: 'utf8', cwd: dir });
    if (done.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      throw new Error(`${binary} failed: ${done.stderr}${done.stdout}\n${log}`);
    }
  };

  const port = await freePort();
  const pgCtlStop = [
    ...(asRoot ? ['runuser', '-u', 'postgres', '--'] : []),
    join(binDir, 'pg_ctl'),
    'stop',
    '-D',
    dataDir,
    '-m',
    'immediate',
    '-w',
  ];
  // A process killed outright (SIGKILL, a hang-up, a runner's timeout) runs no handler of its
  // own: a watchdog apart from it (its own session, so a Ctrl-C or a process-group kill does
  // not reach it) stops the server and removes its folder once this process is gone.
  const watchdog = spawn(
    'sh',
    [
      '-c',
      'owner=$1 data=$2 folder=$3; shift 3; while kill -0 "$owner" 2>/dev/null; do sleep 1; done; [ -f "$data/postmaster.pid" ] && "$@"; rm -rf "$folder"',
      'postgres-watchdog',
      String(process.pid),
      dataDir,
      dir,
      ...pgCtlStop,
    ],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.unref();
  const stop = () => {
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      const [command = '', ...args] = pgCtlStop;
      spawnSync(command, args, { stdio: 'ignore' });
    }
    rmSync(dir, { recursive: true, force: true });
    watchdog.kill();
    process.off('exit', stop);
  };
  // A test run that ends, fails or throws stops its server on the way out.
  process.on('exit', stop);
  const options = [
    `-k ${dir}`,
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const up = () =>
    run('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '30', '-o', options]);
  try {
    run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
      '--no-instructions',
    ]);
    up();
  } catch (error) {
    stop();
    throw error;
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    url,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    down: () => run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']),
    up,
    stop,
  };
}

/** A client on `url` for `work`, ended whatever happens. */
export async function withPostgresClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
