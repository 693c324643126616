// `npm run db:backup -- FILE [--force]`: a consistent copy of the live database, safe while the
// server and workers write. Bad arguments get a clear message and a non-zero exit.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { backupDatabase, inspectDeskDatabase } from '@/db/backup';
import { BACKUP_USAGE, parseFileArgs } from '@/lib/backup/args';
import { env } from '@/lib/env';

function fail(message: string, code = 1): never {
  console.error(`db:backup: ${message}`);
  process.exit(code);
}

async function main(): Promise<void> {
  const parsed = parseFileArgs(process.argv.slice(2));
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
  console.log(
    `Backed up ${source} to ${target}: ${copy.questions} question(s), at migration ${copy.migration.tag}.`,
  );
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
