import { describe, expect, it } from 'vitest';
import {
  decodePasswordHash,
  encodePasswordHash,
  hashPassword,
  needsRehash,
  PASSWORD_HASH_PARAMS,
  scryptMaxmem,
  UNMATCHABLE_PASSWORD_HASH,
  verifyPassword,
} from './password-hash';

// One real hash at full cost (about 0.5 s); the rest reuse it or use cheap parameters.
const cheap = { ...PASSWORD_HASH_PARAMS, n: 2 ** 10 };

describe('password hashing parameters', () => {
  it('meet the OWASP scrypt minimum: N=2^17, r=8, p=1, 16-byte salt, 32-byte key', () => {
    expect(PASSWORD_HASH_PARAMS).toEqual({ n: 131072, r: 8, p: 1, saltBytes: 16, keyBytes: 32 });
  });

  it('give scrypt room for its 128·N·r bytes', () => {
    expect(scryptMaxmem(PASSWORD_HASH_PARAMS)).toBe(256 * 1024 * 1024);
    expect(scryptMaxmem(PASSWORD_HASH_PARAMS)).toBeGreaterThan(128 * 131072 * 8);
  });

  it('are written into every hash, with a fresh salt each time', async () => {
    const stored = await hashPassword('a long enough secret');
    expect(stored).toMatch(/^\$scrypt\$n=131072,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('a long enough secret', stored)).toBe(true);
    expect(await verifyPassword('a long enough secreT', stored)).toBe(false);
    const again = await hashPassword('a long enough secret', cheap);
    expect(
      decodePasswordHash(again)?.salt.equals(decodePasswordHash(stored)?.salt ?? Buffer.alloc(0)),
    ).toBe(false);
  });
});

describe('verifying a password', () => {
  it('uses the parameters stored with the hash', async () => {
    const stored = await hashPassword('rye and caraway', cheap);
    expect(stored.startsWith('$scrypt$n=1024,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('rye and caraway', stored)).toBe(true);
    expect(await verifyPassword('rye and caraway ', stored)).toBe(false);
  });

  it('never matches a malformed, truncated or out-of-bounds hash', async () => {
    const stored = await hashPassword('rye and caraway', cheap);
    const decoded = decodePasswordHash(stored);
    if (!decoded) throw new Error('expected a decodable hash');
    const variants = [
      '',
      'plain text',
      stored.replace('$scrypt$', '$argon2id$'),
      stored.replace('n=1024', 'n=1000'),
      encodePasswordHash({ ...decoded, n: 2 ** 24 }),
      encodePasswordHash({ ...decoded, r: 64 }),
      encodePasswordHash({ ...decoded, key: decoded.key.subarray(0, 16) }),
      encodePasswordHash({ ...decoded, salt: decoded.salt.subarray(0, 8) }),
    ];
    for (const variant of variants) {
      expect(await verifyPassword('rye and caraway', variant)).toBe(false);
    }
  });

  it('round-trips the encoding', () => {
    const decoded = decodePasswordHash(UNMATCHABLE_PASSWORD_HASH);
    expect(decoded).toMatchObject({ n: 131072, r: 8, p: 1 });
    if (!decoded) return;
    expect(encodePasswordHash(decoded)).toBe(UNMATCHABLE_PASSWORD_HASH);
  });
});

describe('rehashing', () => {
  it('is due for a hash made with weaker parameters than today’s, and only then', async () => {
    const old = await hashPassword('rye and caraway', cheap);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, cheap)).toBe(false);
    expect(needsRehash(UNMATCHABLE_PASSWORD_HASH)).toBe(false);
    const decoded = decodePasswordHash(UNMATCHABLE_PASSWORD_HASH);
    if (!decoded) throw new Error('expected a decodable hash');
    expect(needsRehash(encodePasswordHash({ ...decoded, r: 16 }))).toBe(false);
    expect(needsRehash(encodePasswordHash({ ...decoded, p: 2 }))).toBe(false);
    expect(needsRehash(UNMATCHABLE_PASSWORD_HASH, { ...PASSWORD_HASH_PARAMS, p: 2 })).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });
});
