import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTableRows } from '@/db/backup';
import { closeDb, openDatabase } from '@/db/client';
import { DatabaseAheadError } from '@/lib/backup/migration-standing';
import { folderWithNewerMigration } from '../support/migrations';
import { spawnInGroup } from '../support/processes';

/**
 * A database a newer release has migrated: this release's migrations and one more, applied by
 * drizzle from a journal with an extra entry, as the newer release's code would have.
 */
function newerReleaseDatabase(root: string): string {
  const folder = folderWithNewerMigration(
    join(process.cwd(), 'drizzle'),
    root,
    'CREATE TABLE `pastry_robots` (`id` integer);\n',
  );
  const path = join(root, 'newer.db');
  const sqlite = new Database(path);
  try {
    sqlite.pragma('journal_mode = WAL');
    migrate(drizzle({ client: sqlite }), { migrationsFolder: folder });
  } finally {
    sqlite.close();
  }
  return path;
}

const oneLine =
  /^The database at .*newer\.db was changed by a newer release of Bakery Desk \(a migration from \d{4}-\d\d-\d\d \d\d:\d\d UTC; this release knows up to \d{4}_\w+\)\. Run that release, or restore a backup taken before it\.$/;

describe('a database a newer release has migrated', () => {
  let root: string;
  let path: string;
  let before: Record<string, number>;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'bakery-desk-newer-'));
    path = newerReleaseDatabase(root);
    before = countTableRows(path);
  });
  afterAll(async () => {
    await closeDb();
    rmSync(root, { recursive: true, force: true });
  });

  it('is refused when opened, and left untouched', async () => {
    const opening = openDatabase({ path, backupBeforeMigrating: { dir: root, keep: 3 } });
    await expect(opening).rejects.toBeInstanceOf(DatabaseAheadError);
    await expect(opening).rejects.toThrow(oneLine);
    expect(countTableRows(path)).toEqual(before);
  });

  it('stops `npm run worker` and `npm start` at once: one line and exit status 1', async () => {
    const env = { DATABASE_PATH: path, DATABASE_URL: '', DRAFT_MODEL: 'offline' };
    const worker = spawnInGroup(
      ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'],
      env,
    );
    // `npm start` refuses before it would build or serve anything.
    const server = spawnInGroup(['scripts/start.mjs'], { ...env, PORT: '1' });
    const [workerCode, serverCode] = await Promise.all([worker.exited, server.exited]);
    for (const [code, output] of [
      [workerCode, worker.output()],
      [serverCode, server.output()],
    ] as const) {
      expect(code, output).toBe(1);
      const lines = output.trim().split('\n');
      expect(lines, output).toHaveLength(1);
      expect(lines[0]).toMatch(oneLine);
    }
    expect(countTableRows(path)).toEqual(before);
  });
});
