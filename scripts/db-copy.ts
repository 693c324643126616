// `npm run db:copy -- --from FILE --to postgres://…`: moves a desk from its SQLite file into an
// empty PostgreSQL database, in one transaction, and commits only when every table reads back
// the same on both sides. Bad arguments: usage and exit 2; a refusal or a difference: exit 1,
// nothing written. The URL's password is never printed.
import { type CopyProgress, CopyRefused, type CopyReport, copyDesk } from '@/db/copy';
import { blankPasswords, COPY_USAGE, parseCopyArgs, withoutPassword } from '@/lib/copy/args';

/** The URL's password as written and as decoded: neither is ever printed. */
let secrets: string[] = [];

function say(stream: NodeJS.WriteStream, text: string): void {
  let blanked = blankPasswords(text);
  for (const secret of secrets) blanked = blanked.replaceAll(secret, '***');
  stream.write(`${blanked}\n`);
}

function fail(message: string, code = 1): never {
  say(process.stderr, `db:copy: ${message}`);
  process.exit(code);
}

function showProgress(): (progress: CopyProgress) => void {
  const live = process.stdout.isTTY;
  return ({ table, copied, total }) => {
    const line = `  ${table.padEnd(24)} ${String(copied).padStart(9)} / ${total} rows`;
    if (live) {
      process.stdout.write(`\r${line}`);
      if (copied === total) process.stdout.write('\n');
    } else if (copied === total) {
      say(process.stdout, line);
    }
  };
}

function showReport(report: CopyReport): void {
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
  say(process.stdout, '\nChecked before committing:');
  for (const row of rows) say(process.stdout, line(row));
  say(process.stdout, '\nKept by PostgreSQL itself:');
  for (const d of report.derived) {
    say(
      process.stdout,
      `${d.what}: ${d.target}${d.same ? ' (as on SQLite)' : ` DIFFERENT (SQLite: ${d.source})`}`,
    );
  }
}

async function main(): Promise<void> {
  const parsed = parseCopyArgs(process.argv.slice(2));
  if (!parsed.ok) fail(`${parsed.message}\n${COPY_USAGE}`, 2);
  const { from, to } = parsed.args;
  const password = new URL(to).password;
  secrets = password ? [...new Set([password, decodeURIComponent(password)])] : [];
  say(process.stdout, `Copying the desk in ${from} to ${withoutPassword(to)}`);
  const report = await copyDesk({
    from,
    to,
    onProgress: showProgress(),
    onVerified: showReport,
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
  say(
    process.stdout,
    `\nCommitted: ${rows} rows in ${report.tables.length} tables. Start the desk with DATABASE_URL set to the target.`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof CopyRefused) fail(`Refused: ${error.message}`);
  fail(
    `The copy failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`,
  );
});
