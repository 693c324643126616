import { describe, expect, it } from 'vitest';
import { commonPasswords } from './common-passwords';
import { parsePasswordList, passwordProblem } from './password-policy';

const list = commonPasswords();

describe('the password policy', () => {
  it('ships a list of a few hundred common passwords, lower-cased', () => {
    expect(list.size).toBeGreaterThan(300);
    for (const entry of ['password', '12345678', 'qwerty123', 'iloveyou', 'letmein']) {
      expect(list.has(entry)).toBe(true);
    }
    for (const entry of list) expect(entry).toBe(entry.toLowerCase());
  });

  it('wants at least 8 characters', () => {
    expect(passwordProblem({ password: 'x7#kq2!', commonPasswords: list })).toBe(
      'Use at least 8 characters.',
    );
    expect(passwordProblem({ password: 'x7#kq2!p', commonPasswords: list })).toBeNull();
  });

  it('refuses the most common passwords whatever their case', () => {
    for (const password of ['password1', 'PassWord123', 'QWERTYUIOP', 'sourdough']) {
      expect(passwordProblem({ password, commonPasswords: list })).toMatch(/most common/);
    }
  });

  it('refuses the email address itself and absurd lengths', () => {
    expect(
      passwordProblem({
        password: 'Sam@Example.com',
        email: 'sam@example.com',
        commonPasswords: list,
      }),
    ).toMatch(/email/);
    expect(passwordProblem({ password: 'a'.repeat(257), commonPasswords: list })).toMatch(
      /at most/,
    );
  });

  it('parses one password a line, ignoring blanks', () => {
    expect([...parsePasswordList('One\n\n two \nthree\n')]).toEqual(['one', 'two', 'three']);
  });
});
