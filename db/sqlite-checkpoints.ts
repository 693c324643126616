import 'server-only';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { env } from '@/lib/env';
import { engineOf, getDb } from './client';

/**
 * SQLite's WAL checkpoints, taken on a thread of their own instead of the server's one thread.
 *
 * A commit appends the pages it changed to the WAL (an intake's question, message, counts and
 * their indexes: about 20 pages). Left to SQLite, the connection whose commit takes the WAL past
 * 1,000 pages copies it back into the database file there and then, syncing both files to disk
 * (`synchronous = NORMAL`): 5–40 ms here, depending on the disk's other work, during which the
 * server answers nothing, once every fifty or so intakes. Here a second connection, on a worker
 * thread, takes a passive checkpoint (the same copy and the same syncs, so a commit is exactly
 * as safe as before) every 100 ms. SQLite starts the WAL over only when a checkpoint has caught
 * up with every commit, which writes that never pause do not allow; so the server's own
 * connection still checkpoints past 3,000 pages, as a backstop (every 150 or so intakes under
 * sustained load, instead of every 50), and whenever the writes pause the thread catches up.
 */

/** How often the thread looks at the WAL; a checkpoint with nothing to copy costs microseconds. */
const INTERVAL_MS = 100;
/** The server's own connection checkpoints only past this many pages (SQLite's default is 1,000). */
export const BACKSTOP_PAGES = 3_000;

// CommonJS, run by the worker as it is: the driver is the one the server loads (resolved from
// the project, as the migrations are), and a checkpoint's failure is told to the server once.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
// The checkpointing connection's own setting decides its syncs: the same as the server's.
db.pragma('synchronous = NORMAL');
let timer;
let told = false;
const tick = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    if (!told) parentPort.postMessage({ error: String((error && error.message) || error) });
    told = true;
  }
  timer = setTimeout(tick, workerData.intervalMs);
};
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

export type BackgroundCheckpoints = { stop: () => Promise<void> };

/**
 * Moves the checkpoints of `sqlite` (open in WAL mode on `path`) to a worker thread. Should the
 * thread not start, the connection keeps checkpointing itself as before.
 */
export function checkpointInBackground({
  sqlite,
  path,
  onError,
  intervalMs = INTERVAL_MS,
}: {
  sqlite: Database.Database;
  path: string;
  onError: (message: string) => void;
  intervalMs?: number;
}): BackgroundCheckpoints {
  const before = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
  const driver = createRequire(join(process.cwd(), 'package.json')).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, driver, intervalMs },
  });
  // The server exits when it is done, whatever the thread is doing.
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const restore = () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${before}`);
  };
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on('error', (error) => {
    restore();
    onError(error.message);
  });
  const exited = new Promise<void>((done) => worker.once('exit', () => done()));
  return {
    stop: async () => {
      restore();
      // Held open until the thread has closed its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

/**
 * The server's SQLite database checkpointed on a thread of its own (nothing on PostgreSQL); once
 * per process, however many bundles ask.
 */
export async function checkpointDeskInBackground(onError: (message: string) => void) {
  const holder = globalThis as { __deskCheckpoints?: BackgroundCheckpoints };
  if (holder.__deskCheckpoints) return;
  const db = await getDb();
  if (engineOf(db) !== 'sqlite') return;
  holder.__deskCheckpoints = checkpointInBackground({
    sqlite: db.$client,
    path: resolve(env().DATABASE_PATH),
    onError,
  });
}
