// `npm run db:copy -- --from FILE --to postgres://…`: moves a desk from its SQLite file into an
// empty PostgreSQL database, in one transaction, and commits only when every table reads back
// the same on both sides. Bad arguments: usage and exit 2; a refusal or a difference: exit 1,
// nothing written. The URL's password is never printed.
import { type CopyProgress, CopyRefused, type CopyReport, copyDesk } from '@/db/copy';
import { blankPasswords, COPY_USAGE, parseCopyArgs, withoutPassword } from '@/lib/copy/args';
import { CommandExit, type CommandIo, runAsProcess } from './support/command';

/**
 * The command's lines with every password blanked: those written in any URL, and the target's
 * as written and as decoded, so none is ever printed, even inside a driver's message.
 */
function blanking(io: CommandIo, secrets: string[]): CommandIo {
  const blank = (text: string) => {
    let blanked = blankPasswords(text);
    for (const secret of secrets) blanked = blanked.replaceAll(secret, '***');
    return blanked;
  };
  return {
    out: (text) => io.out(blank(text)),
    err: (text) => io.err(blank(text)),
    progress: (text) => io.progress(blank(text)),
    pipedInput: io.pipedInput,
  };
}

function fail(message: string, code = 1): never {
  throw new CommandExit(code, `db:copy: ${message}`);
}

function showProgress(io: CommandIo): (progress: CopyProgress) => void {
  // A terminal watches one line count up; a log or a test gets each table's line once, whole.
  const live = Boolean(process.stdout.isTTY);
  return ({ table, copied, total }) => {
    const line = `  ${table.padEnd(24)} ${String(copied).padStart(9)} / ${total} rows`;
    if (live) {
      io.progress(`\r${line}`);
      if (copied === total) io.progress('\n');
    } else if (copied === total) {
      io.out(line);
    }
  };
}

function showReport(io: CommandIo, report: CopyReport): void {
  const rows = [
    ['table', 'SQLite rows', 'PostgreSQL rows', 'SQLite checksum', 'PostgreSQL checksum', ''],
    ...report.tables.map((t) => [
      t.table,
      String(t.sourceRows),
      String(t.targetRows),
      t.sourceChecksum.slice(0, 16),
      t.targetChecksum.slice(0, 16),
      t.same ? 'same' : 'DIFFERENT',
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  io.out('\nChecked before committing:');
  for (const row of rows) io.out(line(row));
  io.out('\nKept by PostgreSQL itself:');
  for (const d of report.derived) {
    io.out(
      `${d.what}: ${d.target}${d.same ? ' (as on SQLite)' : ` DIFFERENT (SQLite: ${d.source})`}`,
    );
  }
}

export async function main(argv: string[], terminal: CommandIo): Promise<number> {
  const parsed = parseCopyArgs(argv);
  if (!parsed.ok) {
    terminal.err(blankPasswords(`db:copy: ${parsed.message}\n${COPY_USAGE}`));
    return 2;
  }
  const { from, to } = parsed.args;
  const password = new URL(to).password;
  const io = blanking(
    terminal,
    password ? [...new Set([password, decodeURIComponent(password)])] : [],
  );
  try {
    io.out(`Copying the desk in ${from} to ${withoutPassword(to)}`);
    const report = await copyDesk({
      from,
      to,
      onProgress: showProgress(io),
      onVerified: (verified) => showReport(io, verified),
    });
    if (!report.committed) {
      const different = [
        ...report.tables.filter((t) => !t.same).map((t) => t.table),
        ...report.derived.filter((d) => !d.same).map((d) => d.what),
      ];
      fail(
        `The copy differs from the source in ${different.join(', ')}: rolled back, nothing written.`,
      );
    }
    const rows = report.tables.reduce((sum, t) => sum + t.sourceRows, 0);
    io.out(
      `\nCommitted: ${rows} rows in ${report.tables.length} tables. Start the desk with DATABASE_URL set to the target.`,
    );
    return 0;
  } catch (error) {
    const message =
      error instanceof CommandExit
        ? error.message
        : error instanceof CopyRefused
          ? `db:copy: Refused: ${error.message}`
          : `db:copy: The copy failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`;
    io.err(message);
    return error instanceof CommandExit ? error.code : 1;
  }
}

runAsProcess(import.meta.url, main, { name: 'db:copy' });
