import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSessionToken, hashSessionToken } from './session-token';

describe('session tokens', () => {
  it('are 256 random bits, URL-safe, never repeated', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateSessionToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their SHA-256, never as themselves', () => {
    const token = generateSessionToken();
    const id = hashSessionToken(token);
    expect(id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toContain(token);
    expect(hashSessionToken(token)).toBe(id);
    expect(hashSessionToken(`${token}x`)).not.toBe(id);
  });
});
