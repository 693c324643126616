import { parseArgs } from 'node:util';

export const BACKUP_USAGE =
  'Usage: npm run db:backup -- <file> [--force]\n' +
  'Copies the database at DATABASE_PATH to <file> while the desk keeps running. --force\n' +
  'replaces <file> if it exists.';

export const RESTORE_USAGE =
  'Usage: npm run db:restore -- <file> [--force]\n' +
  'Replaces the database at DATABASE_PATH with the backup in <file>. Stop the server and any\n' +
  'workers first; --force is needed when DATABASE_PATH already holds a database.';

export type FileArgs = { file: string; force: boolean };

/** `db:backup` and `db:restore` take one file and an optional --force; nothing else. */
export function parseFileArgs(
  argv: string[],
): { ok: true; args: FileArgs } | { ok: false; message: string } {
  let files: string[];
  let force: boolean;
  try {
    const parsed = parseArgs({
      args: argv,
      options: { force: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    });
    files = parsed.positionals;
    force = parsed.values.force === true;
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (files.length === 0) return { ok: false, message: 'Name the backup file.' };
  if (files.length > 1) {
    return {
      ok: false,
      message: `Name one backup file, not ${files.length}: ${files.join(', ')}.`,
    };
  }
  const [file] = files;
  if (!file?.trim()) return { ok: false, message: 'Name the backup file.' };
  return { ok: true, args: { file, force } };
}

export const UPGRADE_USAGE =
  'Usage: npm run upgrade [-- --backed-up]\n' +
  'After the new release is in place (git pull, or its files unpacked): backs up the database,\n' +
  'installs the dependencies (npm ci), migrates the database and builds the app. On PostgreSQL\n' +
  'take a pg_dump first and say so with --backed-up.';

/** `upgrade` takes only --backed-up (PostgreSQL: the operator took a pg_dump). */
export function parseUpgradeArgs(
  argv: string[],
): { ok: true; backedUp: boolean } | { ok: false; message: string } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { 'backed-up': { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    });
    return { ok: true, backedUp: values['backed-up'] === true };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
