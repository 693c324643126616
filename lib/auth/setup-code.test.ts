import { describe, expect, it } from 'vitest';
import { generateSetupCode, setupCodeMatches, setupCodePath } from './setup-code';

describe('the setup code', () => {
  it('is 12 unambiguous characters in groups of four, different each time', () => {
    const code = generateSetupCode();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(generateSetupCode()).not.toBe(code);
  });

  it('matches as typed from a console, and nothing else', () => {
    expect(setupCodeMatches(' abcd-efgh jk23 ', 'ABCD-EFGH-JK23')).toBe(true);
    expect(setupCodeMatches('ABCD-EFGH-JK24', 'ABCD-EFGH-JK23')).toBe(false);
    expect(setupCodeMatches('', '')).toBe(false);
  });

  it('lives beside the database', () => {
    expect(setupCodePath('data/bakery.db')).toBe('data/bakery.db-setup-code');
  });
});
