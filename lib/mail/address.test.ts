import { describe, expect, it } from 'vitest';
import { comparableAddress, sameAddress } from './address';

describe('comparing senders’ addresses', () => {
  it('ignores case and surrounding space', () => {
    expect(sameAddress('Ada@Example.COM', 'ada@example.com')).toBe(true);
    expect(sameAddress(' ada@example.com ', 'ADA@EXAMPLE.COM')).toBe(true);
    expect(comparableAddress('ÉLODIE@Exemple.FR')).toBe('élodie@exemple.fr');
  });

  it('treats compatibility and composed forms of the same letters as one address', () => {
    // Full-width letters and a decomposed é are the same address as their plain forms.
    expect(sameAddress('ａｄａ@example.com', 'ada@example.com')).toBe(true);
    expect(sameAddress('e\u0301lodie@exemple.fr', 'élodie@exemple.fr')).toBe(true);
    expect(sameAddress('ﬁona@example.com', 'fiona@example.com')).toBe(true);
  });

  it('keeps different addresses apart, and an absent one matches nothing', () => {
    expect(sameAddress('ada@example.com', 'ada@example.org')).toBe(false);
    expect(sameAddress('ada@example.com', 'mallory@example.com')).toBe(false);
    // Look-alike letters from another script are another address.
    expect(sameAddress('аda@example.com', 'ada@example.com')).toBe(false);
    expect(sameAddress(null, null)).toBe(false);
    expect(sameAddress('', '')).toBe(false);
    expect(sameAddress(undefined, 'ada@example.com')).toBe(false);
  });
});
