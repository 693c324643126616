import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDatabase } from '@/db/backup';
import { closeDb, getDb } from '@/db/client';
import { getConnection, readConnectionSecret, saveConnection } from '@/db/connections';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { resetEnvForTests } from '@/lib/env';
import { sqlRows } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/*
 * The API key the owner enters in Settings is stored only sealed: not in the database file's
 * bytes (nor its write-ahead log), not in the audit log, not in a backup made by the desk's own
 * backup. A visible setting saved with it is found in each of those, so the search itself is
 * shown to work. SQLite only: these are the file's bytes.
 */
const firstKey = 'sk-first-key-sourdough-starter-aaaa-1111';
const secondKey = 'sk-second-key-rye-levain-bbbb-2222';
const visible = 'model-name-seen-in-settings';

/** Every place the database file's bytes live while the desk has it open. */
function databaseBytes(path: string): Buffer {
  return Buffer.concat(
    [path, `${path}-wal`, `${path}-shm`].filter(existsSync).map((p) => readFileSync(p)),
  );
}

function holds(bytes: Buffer, text: string): boolean {
  return (
    bytes.includes(Buffer.from(text, 'utf8')) ||
    bytes.includes(Buffer.from(text, 'utf16le')) ||
    bytes.includes(Buffer.from(text).toString('base64')) ||
    bytes.includes(Buffer.from(text).toString('base64url'))
  );
}

describe('a secret saved in Settings, at rest', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let backups: string;
  let ownerId: number;

  beforeEach(async () => {
    delete process.env.DESK_SECRET;
    temp = await useTempDatabase();
    backups = mkdtempSync(join(tmpdir(), 'desk-backups-'));
    const made = await createUser({
      email: 'olive@secrets.test',
      name: 'Olive',
      role: 'owner',
      passwordHash: UNMATCHABLE_PASSWORD_HASH,
      now: new Date(),
    });
    if (!made.ok) throw new Error(made.reason);
    ownerId = made.user.id;
  });
  afterEach(async () => {
    await temp.cleanup();
    rmSync(backups, { recursive: true, force: true });
  });

  async function saveBoth() {
    const settings = { provider: 'openai', model: visible, keyFor: 'openai' };
    await saveConnection({ name: 'model', settings, secret: firstKey, userId: ownerId });
    // Replaced: the first key's sealed text is overwritten, the second sealed in its place.
    await saveConnection({ name: 'model', settings, secret: secondKey, userId: ownerId });
  }

  it('is not in the database file, its log, or the audit log in clear text', async () => {
    await saveBoth();
    const bytes = databaseBytes(temp.path);
    expect(holds(bytes, visible)).toBe(true);
    for (const key of [firstKey, secondKey]) expect(holds(bytes, key)).toBe(false);

    // Written through to the main file, and still not there.
    (await getDb()).$client.pragma('wal_checkpoint(TRUNCATE)');
    const checkpointed = readFileSync(temp.path);
    expect(holds(checkpointed, visible)).toBe(true);
    for (const key of [firstKey, secondKey]) expect(holds(checkpointed, key)).toBe(false);

    const audit = JSON.stringify(await sqlRows('select * from audit_log'));
    expect(audit).toContain(visible);
    const sealed = (await getConnection({ name: 'model' }))?.sealedSecret ?? '';
    expect(sealed).toMatch(/^v1\./);
    for (const text of [firstKey, secondKey, sealed, '2222', '1111']) {
      expect(audit).not.toContain(text);
    }
  });

  it('is not in a backup in clear text, and the backup with the key file gives it back', async () => {
    await saveBoth();
    const target = join(backups, 'desk-backup.db');
    const inspected = await backupDatabase({ source: temp.path, target });
    expect(inspected.ok).toBe(true);
    const bytes = readFileSync(target);
    expect(holds(bytes, visible)).toBe(true);
    for (const key of [firstKey, secondKey]) expect(holds(bytes, key)).toBe(false);

    // What the README says to keep: the backup and desk-secret.key from beside the database.
    copyFileSync(join(dirname(temp.path), 'desk-secret.key'), join(backups, 'desk-secret.key'));
    await closeDb();
    process.env.DATABASE_PATH = target;
    resetEnvForTests();
    expect(await readConnectionSecret({ name: 'model' })).toEqual({
      state: 'set',
      value: secondKey,
    });
  });
});
