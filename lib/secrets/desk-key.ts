import { hkdfSync } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';

/** The file that holds the desk's secret key when DESK_SECRET is unset. */
export const DESK_SECRET_FILE = 'desk-secret.key';

/** Where that file is kept: in the database's folder, so a backup of the folder takes both. */
export function deskSecretKeyPath(databasePath: string): string {
  return join(dirname(resolve(databasePath)), DESK_SECRET_FILE);
}

/**
 * The 32-byte sealing key from DESK_SECRET or the key file's text (HKDF-SHA256): any text of
 * enough entropy gives a full-length key, and the purpose is bound in, so the same text used
 * elsewhere yields another key.
 */
export function deriveDeskSecretKey(secret: string): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(secret, 'utf8'),
      Buffer.alloc(0),
      'bakery-desk sealed secrets v1',
      32,
    ),
  );
}
