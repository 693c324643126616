import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb } from '@/db/client';
import { resetEnvForTests } from '@/lib/env';

/** Points the process's database at a fresh file; returns a cleanup that removes it. */
export function useTempDatabase(): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-test-'));
  const path = join(dir, 'desk.db');
  closeDb();
  process.env.DATABASE_PATH = path;
  resetEnvForTests();
  return {
    path,
    cleanup: () => {
      closeDb();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
