// `npm run db:restore -- FILE [--force]`: puts a backup back at DATABASE_PATH after checking it
// is an intact desk database at a migration this release knows, then migrates it to this
// release. Run it with the server and workers stopped.
import { resolve } from 'node:path';
import { holdsData, inspectDeskDatabase, restoreDatabase } from '@/db/backup';
import { closeDb, openDatabase } from '@/db/client';
import { parseFileArgs, RESTORE_USAGE } from '@/lib/backup/args';
import { env } from '@/lib/env';
import { CommandExit, type CommandIo, runAsProcess } from './support/command';

function fail(message: string, code = 1): never {
  throw new CommandExit(code, `db:restore: ${message}`);
}

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const parsed = parseFileArgs(argv);
  if (!parsed.ok) fail(`${parsed.message}\n${RESTORE_USAGE}`, 2);
  const { file, force } = parsed.args;
  const source = resolve(file);
  const target = resolve(env().DATABASE_PATH);
  if (source === target) fail('The backup file is the database itself; nothing to restore.', 2);
  const backup = inspectDeskDatabase(source);
  if (!backup.ok) fail(`Refused: ${backup.problem}`);
  if (holdsData(target) && !force) {
    fail(
      `${target} already holds a database. Stop the server and workers, then run again with --force to replace it with ${file}.`,
    );
  }
  await restoreDatabase({ source, target });
  // Brings a backup from an earlier release up to this one, as a start would.
  (await openDatabase({ path: target, seed: false })).$client.close();
  await closeDb();
  const restored = inspectDeskDatabase(target);
  if (!restored.ok) fail(`The restored database failed its check: ${restored.problem}`);
  io.out(
    `Restored ${source} to ${target}: ${restored.questions} question(s); backup was at migration ${backup.migration.tag}${backup.latest ? '' : `, now ${restored.migration.tag}`}.`,
  );
  return 0;
}

runAsProcess(import.meta.url, main, { name: 'db:restore' });
