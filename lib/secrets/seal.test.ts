import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSealedSecret, SecretUnreadableError, sealSecret, secretEnding } from './seal';

const key = randomBytes(32);
const plaintext = 'sk-live-proof-the-rye-at-dawn-9f3a';

function flipCharAt(text: string, index: number): string {
  const c = text[index];
  return `${text.slice(0, index)}${c === 'A' ? 'B' : 'A'}${text.slice(index + 1)}`;
}

describe('sealed secrets', () => {
  it('opens with the key it was sealed with', () => {
    const sealed = sealSecret({ plaintext, key });
    expect(openSealedSecret({ sealed, key })).toBe(plaintext);
    expect(
      openSealedSecret({ sealed: sealSecret({ plaintext: 'pâte à choux 🥐', key }), key }),
    ).toBe('pâte à choux 🥐');
  });

  it('is versioned text that never holds the secret in clear', () => {
    const sealed = sealSecret({ plaintext, key });
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(plaintext);
    expect(sealed).not.toContain(Buffer.from(plaintext).toString('base64url'));
  });

  it('takes a fresh nonce each time, so one secret sealed twice differs', () => {
    const a = sealSecret({ plaintext, key });
    const b = sealSecret({ plaintext, key });
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
  });

  it('refuses another key', () => {
    const sealed = sealSecret({ plaintext, key });
    expect(() => openSealedSecret({ sealed, key: randomBytes(32) })).toThrow(SecretUnreadableError);
  });

  it('refuses damaged text: any part changed, cut, or relabelled', () => {
    const sealed = sealSecret({ plaintext, key });
    const [version, nonce = '', tag = '', text = ''] = sealed.split('.');
    const damaged = [
      [version, flipCharAt(nonce, 2), tag, text].join('.'),
      [version, nonce, flipCharAt(tag, 3), text].join('.'),
      [version, nonce, tag, flipCharAt(text, 1)].join('.'),
      [version, nonce, tag, text.slice(0, -2)].join('.'),
      ['v2', nonce, tag, text].join('.'),
      [version, nonce, tag].join('.'),
      [version, nonce, tag, `${text}!`].join('.'),
      '',
      plaintext,
    ];
    for (const bad of damaged) {
      expect(() => openSealedSecret({ sealed: bad, key }), bad).toThrow(SecretUnreadableError);
    }
  });

  it('wants a 32-byte key', () => {
    expect(() => sealSecret({ plaintext, key: randomBytes(16) })).toThrow(RangeError);
  });

  it('shows the last four characters, and never the whole of a short secret', () => {
    expect(secretEnding(plaintext)).toBe('9f3a');
    expect(secretEnding('abcdefgh')).toBe('efgh');
    expect(secretEnding('abcdef')).toBe('def');
    expect(secretEnding('ab')).toBe('b');
    expect(secretEnding('')).toBe('');
    // Characters, not UTF-16 halves: an emoji is one.
    expect(secretEnding('mot-de-passe-🥐🥖')).toBe('e-🥐🥖');
  });
});
