import 'server-only';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { deviceKeyPath } from '@/lib/auth/device-cookie';
import { env } from '@/lib/env';

const shared = globalThis as unknown as { __deviceCookieKey?: { source: string; key: Buffer } };

function readKeyFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * The key that signs device cookies: DEVICE_COOKIE_SECRET when the operator sets one (several
 * servers on one database need the same), else a random key in a file beside the database,
 * readable by its owner only (0600), made by the first process that needs it, as the setup code
 * is. Losing it only makes every browser an unknown device again.
 */
export function deviceCookieKey(): Buffer {
  const configured = env().DEVICE_COOKIE_SECRET;
  const path = deviceKeyPath(env().DATABASE_PATH);
  const source = configured ? 'env' : path;
  if (shared.__deviceCookieKey?.source === source) return shared.__deviceCookieKey.key;
  const key = configured ?? readOrMakeKeyFile(path);
  shared.__deviceCookieKey = { source, key: Buffer.from(key) };
  return shared.__deviceCookieKey.key;
}

function readOrMakeKeyFile(path: string): string {
  let key = readKeyFile(path);
  if (!key) {
    const made = randomBytes(32).toString('base64url');
    try {
      mkdirSync(dirname(path), { recursive: true });
      // `wx`: if another process made one a moment ago, keep theirs.
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${made}\n`);
      closeSync(fd);
      chmodSync(path, 0o600);
      key = made;
    } catch {
      key = readKeyFile(path);
    }
  }
  if (!key) throw new Error(`The device cookie key could not be kept in ${path}.`);
  return key;
}
