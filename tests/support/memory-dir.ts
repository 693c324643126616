import { accessSync, constants, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** statfs(2)'s type for tmpfs. */
const TMPFS = 0x0102_1994;

/**
 * A folder for throwaway data that nothing needs after the run: /dev/shm when it is memory
 * (tmpfs) and writable, else the system's temp folder. A throwaway PostgreSQL kept there copies a
 * test's database from the template in memory: on this machine's disk the copy waited on the
 * disk for a third of a second, about 40% of the PostgreSQL unit pass. TEST_MEMORY_DIR chooses
 * another folder.
 */
export function memoryDir(): string {
  const chosen = process.env.TEST_MEMORY_DIR;
  if (chosen) return chosen;
  try {
    if (statfsSync('/dev/shm').type !== TMPFS) return tmpdir();
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}
