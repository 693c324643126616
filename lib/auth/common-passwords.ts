import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePasswordList } from './password-policy';

let cached: Set<string> | undefined;

/** The most common passwords, refused at sign-up; read once from the list beside this file. */
export function commonPasswords(): ReadonlySet<string> {
  cached ??= parsePasswordList(
    readFileSync(join(process.cwd(), 'lib', 'auth', 'common-passwords.txt'), 'utf8'),
  );
  return cached;
}
