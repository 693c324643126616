// `npm run db:backup -- FILE [--force]`: a consistent copy of the live database, safe while the
// server and workers write. Bad arguments get a clear message and a non-zero exit.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { backupDatabase, inspectDeskDatabase } from '@/db/backup';
import { BACKUP_USAGE, parseFileArgs } from '@/lib/backup/args';
import { env } from '@/lib/env';
import { CommandExit, type CommandIo, runAsProcess } from './support/command';

function fail(message: string, code = 1): never {
  throw new CommandExit(code, `db:backup: ${message}`);
}

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const parsed = parseFileArgs(argv);
  if (!parsed.ok) fail(`${parsed.message}\n${BACKUP_USAGE}`, 2);
  const { file, force } = parsed.args;
  const source = resolve(env().DATABASE_PATH);
  const target = resolve(file);
  if (target === source) fail('The backup file must not be the database itself.', 2);
  const live = inspectDeskDatabase(source, { thorough: false });
  if (!live.ok) fail(`Nothing to back up: ${live.problem}`);
  if (existsSync(target) && !force) {
    fail(`${file} already exists. Choose another name, or add --force to replace it.`);
  }
  const copy = await backupDatabase({ source, target });
  if (!copy.ok) fail(`The copy failed its check and was removed: ${copy.problem}`);
  io.out(
    `Backed up ${source} to ${target}: ${copy.questions} question(s), at migration ${copy.migration.tag}.`,
  );
  return 0;
}

runAsProcess(import.meta.url, main, { name: 'db:backup' });
