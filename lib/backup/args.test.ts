import { describe, expect, it } from 'vitest';
import { parseFileArgs } from './args';

describe('the backup and restore command lines', () => {
  it('take one file and an optional --force', () => {
    expect(parseFileArgs(['nightly.db'])).toEqual({
      ok: true,
      args: { file: 'nightly.db', force: false },
    });
    expect(parseFileArgs(['--force', 'nightly.db'])).toEqual({
      ok: true,
      args: { file: 'nightly.db', force: true },
    });
  });

  it('say what is wrong with anything else', () => {
    expect(parseFileArgs([])).toEqual({ ok: false, message: 'Name the backup file.' });
    expect(parseFileArgs(['  '])).toEqual({ ok: false, message: 'Name the backup file.' });
    expect(parseFileArgs(['a.db', 'b.db'])).toEqual({
      ok: false,
      message: 'Name one backup file, not 2: a.db, b.db.',
    });
    const unknown = parseFileArgs(['--yes', 'a.db']);
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.message).toContain('--yes');
  });
});
