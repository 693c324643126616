import { parseArgs } from 'node:util';

export const COPY_USAGE =
  'Usage: npm run db:copy -- --from <file> --to postgres://<user>@<host>:<port>/<database>\n' +
  'Copies the desk in the SQLite file <file> into the empty PostgreSQL database at --to, in one\n' +
  'transaction, and checks every table on both sides before committing. <file> is only read.\n' +
  'A password may follow the user in the URL, after a colon; it is never printed.';

export type CopyArgs = { from: string; to: string };

/** The URL as it may be shown: the password, if any, blanked. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return blankPasswords(url);
  }
}

/** Any `scheme://user:password@` in a text, its password blanked (for messages that echo input). */
export function blankPasswords(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/gi, '$1***@');
}

/**
 * `db:copy` takes `--from <SQLite file>` and `--to <postgres:// URL>`, each once, and nothing
 * else. Messages never repeat the URL's password.
 */
export function parseCopyArgs(
  argv: string[],
): { ok: true; args: CopyArgs } | { ok: false; message: string } {
  let values: { from?: string; to?: string };
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, to: { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
    values = parsed.values;
    positionals = parsed.positionals;
  } catch (error) {
    return {
      ok: false,
      message: blankPasswords(error instanceof Error ? error.message : String(error)),
    };
  }
  if (positionals.length > 0) {
    return {
      ok: false,
      message: `Unexpected argument${positionals.length > 1 ? 's' : ''}: ${positionals
        .map(blankPasswords)
        .join(', ')}. Name the source with --from and the target with --to.`,
    };
  }
  const from = values.from?.trim();
  if (!from) return { ok: false, message: 'Name the SQLite database to copy with --from <file>.' };
  const to = values.to?.trim();
  if (!to) return { ok: false, message: 'Name the PostgreSQL database with --to <postgres://…>.' };
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return { ok: false, message: '--to is not a URL: write postgres://user@host:port/database.' };
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return {
      ok: false,
      message: `--to must start with postgres:// or postgresql://, not ${url.protocol}//.`,
    };
  }
  if (!url.hostname && !url.searchParams.get('host')) {
    return { ok: false, message: '--to names no host.' };
  }
  if (url.pathname.length <= 1) {
    return { ok: false, message: '--to names no database: add /<database> after the host.' };
  }
  return { ok: true, args: { from, to } };
}
