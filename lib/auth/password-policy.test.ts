import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordProblem, personalWords } from './password-policy';

describe('the password policy', () => {
  it('wants at least 12 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(passwordProblem({ password: 'x7#kq2!pLm9' })).toMatch(/at least 12 characters/);
    expect(passwordProblem({ password: 'x7#kq2!pLm9z' })).toBeNull();
  });

  it.each([
    'password1234',
    'PassWord123456',
    'qwertyuiop123',
    'sourdoughsourdough',
    'aaaaaaaaaaaaaaaa',
    '123456789012',
  ])('refuses %s as too easy to guess, saying why in words', (password) => {
    const problem = passwordProblem({ password });
    expect(problem).toMatch(/^This password is too easy to guess\. \S/);
    // zxcvbn's own feedback follows: a warning or a suggestion, not a score.
    expect(problem?.length ?? 0).toBeGreaterThan(
      'This password is too easy to guess. '.length + 10,
    );
    expect(problem).not.toMatch(/\d\/4|score/i);
  });

  it('accepts passphrases and random strings', () => {
    for (const password of [
      'Proof the rye at dawn',
      'correct horse battery staple',
      'abcd-EFGH-2345-jkmn',
      'Crumb and crust 42',
    ]) {
      expect(passwordProblem({ password })).toBeNull();
    }
  });

  it('counts the person’s own email and name as easy to guess', () => {
    expect(passwordProblem({ password: 'Sam@Example.com', email: 'sam@example.com' })).toMatch(
      /email/,
    );
    // Random letters to the dictionaries, but not once they are the person's own name.
    const person = { name: 'Qxvlan Torrib', email: 'qxvlantorrib@zephyr.test' };
    for (const password of ['qxvlantorrib2025', 'torribqxvlan']) {
      expect(passwordProblem({ password })).toBeNull();
      expect(passwordProblem({ password, ...person })).toMatch(/personal/);
    }
    expect(personalWords({ email: 'ana.souza@crumb.test', name: 'Ana Souza' })).toEqual(
      expect.arrayContaining(['ana.souza@crumb.test', 'souza', 'crumb', 'ana']),
    );
  });

  it('judges only the first 64 characters, so a long post costs little to check', () => {
    const weakStart = `${'password'.repeat(8)}Xq7!vR2#mT9&kL4@`;
    expect(passwordProblem({ password: weakStart })).toMatch(/too easy to guess/);
    expect(passwordProblem({ password: `Proof the rye at dawn ${'!'.repeat(200)}` })).toBeNull();
  });

  it('refuses absurd lengths', () => {
    expect(passwordProblem({ password: 'a'.repeat(257) })).toMatch(/at most 256/);
  });
});
