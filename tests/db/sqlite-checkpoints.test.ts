// SQLite's WAL checkpoints on a thread of their own: the server's connection only writes.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/db/client';
import { createQuestion } from '@/db/questions';
import { BACKSTOP_PAGES, checkpointInBackground } from '@/db/sqlite-checkpoints';
import { useTempDatabase } from '../support/temp-db';

const intake = () =>
  createQuestion({
    text: 'Can I pick up two dozen sourdough rolls on Saturday at 9?',
    customerName: 'Maya Ortiz',
    customerEmail: 'maya@example.com',
    channel: 'api',
    externalId: null,
  });

/** The questions in the database file itself, without its WAL: what has been checkpointed. */
const checkpointedQuestions = (path: string, dir: string) => {
  const copy = join(dir, `copy-${Date.now()}.db`);
  copyFileSync(path, copy);
  try {
    const file = new Database(copy, { readonly: true });
    try {
      return file.prepare('select count(*) from questions').pluck().get() as number;
    } finally {
      file.close();
    }
  } catch {
    // Copied halfway through a checkpoint's write: not readable yet.
    return -1;
  }
};

const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
  return check();
};

describe('checkpoints in the background (SQLite)', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(async () => {
    await closeDb();
    await temp.cleanup();
  });

  it('copies the WAL back into the file on its own thread; the server connection checkpoints only past the backstop', async () => {
    const sqlite = (await getDb()).$client;
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-copies-'));
    // The WAL empty to begin with (the migrations and the example bakery in the file).
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const errors: string[] = [];
    const checkpoints = checkpointInBackground({
      sqlite,
      path: temp.path,
      onError: (message) => errors.push(message),
      intervalMs: 20,
    });
    try {
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
      const total = sqlite.prepare('select count(*) from questions').pluck().get() as number;
      // About 20 pages a question: well past SQLite's own 1,000 pages, short of the backstop,
      // so only the thread can have put these questions into the file.
      for (let i = 0; i < 100; i++) await intake();
      let inFile = -1;
      const copied = await until(() => {
        inFile = checkpointedQuestions(temp.path, dir);
        return inFile === total + 100;
      }, 10_000);
      expect(copied, `${inFile} of ${total + 100} questions in the file`).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await checkpoints.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });

  it('loses and damages nothing: every question is in the file when it is opened afresh', async () => {
    const sqlite = (await getDb()).$client;
    const checkpoints = checkpointInBackground({
      sqlite,
      path: temp.path,
      onError: (message) => expect.fail(message),
      intervalMs: 5,
    });
    const before = sqlite.prepare('select count(*) from questions').pluck().get() as number;
    for (let i = 0; i < 200; i++) await intake();
    await checkpoints.stop();
    await closeDb();
    const again = new Database(temp.path, { readonly: true });
    try {
      expect(again.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(again.prepare('select count(*) from questions').pluck().get()).toBe(before + 200);
    } finally {
      again.close();
    }
  });
});
