import { describe, expect, it } from 'vitest';
import { blankPasswords, parseCopyArgs, withoutPassword } from './args';

const url = 'postgres://desk:s3cret@db.internal:5432/bakery';

describe('the db:copy command line', () => {
  it('takes --from and --to, in either order and either spelling', () => {
    const args = { from: 'data/bakery.db', to: url };
    expect(parseCopyArgs(['--from', 'data/bakery.db', '--to', url])).toEqual({ ok: true, args });
    expect(parseCopyArgs([`--to=${url}`, '--from=data/bakery.db'])).toEqual({ ok: true, args });
    expect(parseCopyArgs(['--from', 'a.db', '--to', 'postgresql://db/desk'])).toEqual({
      ok: true,
      args: { from: 'a.db', to: 'postgresql://db/desk' },
    });
  });

  it('says what is missing or wrong, never repeating the password', () => {
    const refusals = [
      [[], 'Name the SQLite database to copy with --from <file>.'],
      [['--from', ' ', '--to', url], 'Name the SQLite database to copy with --from <file>.'],
      [['--from', 'a.db'], 'Name the PostgreSQL database with --to <postgres://…>.'],
      [['--from', 'a.db', '--to', 'not a url'], '--to is not a URL'],
      [['--from', 'a.db', '--to', 'mysql://u:s3cret@h/d'], 'must start with postgres://'],
      [['--from', 'a.db', '--to', 'postgres://u:s3cret@h'], 'names no database'],
      [['--from', 'a.db', url], 'Unexpected argument: postgres://desk:***@db.internal'],
      [['--from', 'a.db', '--to', url, '--force'], "'--force'"],
      [['--from', 'a.db', '--to'], "'--to <value>' argument missing"],
    ] as const;
    for (const [argv, message] of refusals) {
      const parsed = parseCopyArgs([...argv]);
      expect(parsed.ok, argv.join(' ')).toBe(false);
      const said = parsed.ok ? '' : parsed.message;
      expect(said, argv.join(' ')).toContain(message);
      expect(said).not.toContain('s3cret');
    }
  });

  it('shows a URL without its password', () => {
    expect(withoutPassword(url)).toBe('postgres://desk:***@db.internal:5432/bakery');
    expect(withoutPassword('postgres://desk@db/bakery')).toBe('postgres://desk@db/bakery');
    expect(blankPasswords('could not reach postgres://a:b%40c@h/d or smtp://x:y@m')).toBe(
      'could not reach postgres://a:***@h/d or smtp://x:***@m',
    );
  });
});
