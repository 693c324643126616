import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the owner types into Settings (a model's API key, a mailbox password) are stored only
 * sealed: AES-256-GCM under the desk's secret key, a fresh 12-byte nonce each time, the
 * authentication tag kept with the text so a wrong key or a changed byte is noticed, never
 * misread. The sealed text is `v1.<nonce>.<tag>.<ciphertext>`, each part base64url, so a later
 * format can be told apart and the column stays plain text on both engines.
 */

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The sealed text could not be opened: another key, or the text was damaged. */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`The stored secret cannot be read: ${reason}.`);
    this.name = 'SecretUnreadableError';
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) {
    throw new RangeError(`A secret key must be ${KEY_BYTES} bytes, not ${key.length}.`);
  }
}

export function sealSecret({ plaintext, key }: { plaintext: string; key: Buffer }): string {
  checkKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
  // The version is authenticated too: a text relabelled as another version does not open.
  cipher.setAAD(Buffer.from(VERSION));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, nonce, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSealedSecret({ sealed, key }: { sealed: string; key: Buffer }): string {
  checkKey(key);
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new SecretUnreadableError('not a sealed secret this desk knows');
  }
  const [, nonce64 = '', tag64 = '', text64 = ''] = parts;
  if (![nonce64, tag64, text64].every((part) => BASE64URL.test(part))) {
    throw new SecretUnreadableError('the sealed text is damaged');
  }
  const nonce = Buffer.from(nonce64, 'base64url');
  const tag = Buffer.from(tag64, 'base64url');
  if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretUnreadableError('the sealed text is damaged');
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(VERSION));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(Buffer.from(text64, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretUnreadableError('it was sealed with another key, or it was changed');
  }
}

/** The last four characters, for "set, ends in …abcd"; a short secret shows fewer. */
export function secretEnding(plaintext: string): string {
  const chars = Array.from(plaintext);
  // Never the whole of a short secret: at most half of it.
  const shown = Math.min(4, Math.floor(chars.length / 2));
  return chars.slice(chars.length - shown).join('');
}
