import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, getDb, openDatabase } from '@/db/client';
import { createUser } from '@/db/users';
import { resetEnvForTests } from '@/lib/env';

/** A folder of its own for a benchmark's database files; `remove` deletes it. */
export function scratchFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-bench-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A migrated database with the example bakery, as a fresh server would make it. */
export async function preparedDatabase(path: string): Promise<void> {
  (await openDatabase({ path, seed: true })).$client.close();
}

/**
 * Points this process's database at `path` for the length of `work` (for db/ functions such as
 * createUser), then closes it again.
 */
export async function withDatabase<T>(path: string, work: () => Promise<T>): Promise<T> {
  const before = process.env.DATABASE_PATH;
  await closeDb();
  process.env.DATABASE_PATH = path;
  resetEnvForTests();
  try {
    await getDb();
    return await work();
  } finally {
    await closeDb();
    process.env.DATABASE_PATH = before;
    resetEnvForTests();
  }
}

export async function addStaff(input: { email: string; passwordHash: string }): Promise<number> {
  const created = await createUser({
    ...input,
    name: 'Bench Staff',
    role: 'staff',
    now: new Date(),
  });
  if (!created.ok) throw new Error(`could not add ${input.email}: ${created.reason}`);
  return created.user.id;
}
