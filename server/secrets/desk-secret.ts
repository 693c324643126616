import 'server-only';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { env } from '@/lib/env';
import { deriveDeskSecretKey, deskSecretKeyPath } from '@/lib/secrets/desk-key';

type Cached = { source: string; stamp: string; key: Buffer };
const shared = globalThis as unknown as { __deskSecretKey?: Cached };

/**
 * The key that seals the secrets the owner enters in Settings: from DESK_SECRET when the
 * operator sets one (several servers on one database need the same), else from a random key in
 * `desk-secret.key` beside the database, readable by its owner only (0600), made by the first
 * process that needs it (`wx`, so two processes starting together keep one). The file is looked
 * at on every call (a stat): when it is removed or replaced, this process notices as the others
 * do, and the secrets sealed under the old key read as unreadable rather than as something else.
 * Neither the key nor the file's text is ever logged.
 */
export function deskSecretKey(): Buffer {
  const configured = env().DESK_SECRET;
  if (configured) {
    // Compared, not keyed by name: a test (or a reload) may set another DESK_SECRET.
    if (shared.__deskSecretKey?.source !== 'env' || shared.__deskSecretKey.stamp !== configured) {
      shared.__deskSecretKey = {
        source: 'env',
        stamp: configured,
        key: deriveDeskSecretKey(configured),
      };
    }
    return shared.__deskSecretKey.key;
  }
  const path = deskSecretKeyPath(env().DATABASE_PATH);
  const cached = shared.__deskSecretKey;
  if (cached?.source === path && cached.stamp === stampOf(path)) return cached.key;
  const text = readOrMakeKeyFile(path);
  shared.__deskSecretKey = { source: path, stamp: stampOf(path), key: deriveDeskSecretKey(text) };
  return shared.__deskSecretKey.key;
}

/** Which file is there now: a removed or rewritten file has another inode, size or time. */
function stampOf(path: string): string {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return 'missing';
  }
}

function readKeyFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim() || null;
  } catch {
    return null;
  }
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
  if (!key) throw new Error(`The desk's secret key could not be kept in ${path}.`);
  return key;
}
