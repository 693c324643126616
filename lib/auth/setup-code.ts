import { randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The one-time code that /setup asks for while no account exists. Whoever can read the server's
 * console (or the file beside the database) is the operator; anyone else who reaches the port
 * first cannot make themselves the owner. 12 characters from a 31-letter alphabet (no 0/O, 1/I/L
 * to misread): about 59 bits, far beyond guessing over HTTP.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 12;

/** `XXXX-XXXX-XXXX` */
export function generateSetupCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** Upper case, without spaces or dashes, as typed from a console. */
export function normaliseSetupCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export function setupCodeMatches(typed: string, expected: string): boolean {
  const a = Buffer.from(normaliseSetupCode(typed));
  const b = Buffer.from(normaliseSetupCode(expected));
  return a.length === b.length && b.length > 0 && timingSafeEqual(a, b);
}

/** Where the code is kept: beside the database, like SQLite's own -wal file, never served. */
export function setupCodePath(databasePath: string): string {
  return `${databasePath}-setup-code`;
}
