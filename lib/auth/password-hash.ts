import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at the OWASP Password Storage Cheat Sheet minimum (N=2^17, r=8, p=1). The parameters
 * travel inside the stored string, so they can be raised later without breaking old hashes.
 */
export type ScryptParams = { n: number; r: number; p: number; saltBytes: number; keyBytes: number };

export const PASSWORD_HASH_PARAMS: ScryptParams = {
  n: 2 ** 17,
  r: 8,
  p: 1,
  saltBytes: 16,
  keyBytes: 32,
};

// A stored hash is trusted only within these bounds, so a damaged row cannot make one
// sign-in attempt allocate gigabytes or spin for minutes.
const LIMITS = { maxN: 2 ** 20, maxR: 16, maxP: 4, minSalt: 16, minKey: 32, maxKey: 128 };

export type DecodedHash = { n: number; r: number; p: number; salt: Buffer; key: Buffer };

/** `$scrypt$n=131072,r=8,p=1$<salt base64>$<key base64>` */
export function encodePasswordHash({ n, r, p, salt, key }: DecodedHash): string {
  return `$scrypt$n=${n},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function decodePasswordHash(encoded: string): DecodedHash | null {
  const match = /^\$scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(
    encoded,
  );
  if (!match) return null;
  const [, nText, rText, pText, saltText, keyText] = match as unknown as string[];
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  const salt = Buffer.from(saltText ?? '', 'base64');
  const key = Buffer.from(keyText ?? '', 'base64');
  const powerOfTwo = n > 1 && (n & (n - 1)) === 0;
  if (!powerOfTwo || n > LIMITS.maxN) return null;
  if (r < 1 || r > LIMITS.maxR || p < 1 || p > LIMITS.maxP) return null;
  if (salt.length < LIMITS.minSalt || key.length < LIMITS.minKey || key.length > LIMITS.maxKey) {
    return null;
  }
  return { n, r, p, salt, key };
}

/** scrypt needs about 128·N·r bytes; Node's default 32 MiB cap is far below N=2^17. */
export function scryptMaxmem({ n, r }: { n: number; r: number }): number {
  return 256 * n * r;
}

function deriveKey(
  password: string,
  salt: Buffer,
  { n, r, p, keyBytes }: Omit<ScryptParams, 'saltBytes'>,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyBytes,
      { N: n, r, p, maxmem: scryptMaxmem({ n, r }) },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = PASSWORD_HASH_PARAMS,
): Promise<string> {
  const salt = randomBytes(params.saltBytes);
  const key = await deriveKey(password, salt, params);
  return encodePasswordHash({ n: params.n, r: params.r, p: params.p, salt, key });
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const decoded = decodePasswordHash(encoded);
  if (!decoded) return false;
  const key = await deriveKey(password, decoded.salt, {
    n: decoded.n,
    r: decoded.r,
    p: decoded.p,
    keyBytes: decoded.key.length,
  });
  return timingSafeEqual(key, decoded.key);
}

/**
 * Whether a stored hash was made with other parameters than today's (or cannot be read), so
 * a successful sign-in should store a fresh one. Only ever upgrades: a hash made with more
 * work than today's is left as it is.
 */
export function needsRehash(encoded: string, params: ScryptParams = PASSWORD_HASH_PARAMS): boolean {
  const decoded = decodePasswordHash(encoded);
  if (!decoded) return true;
  return (
    decoded.n < params.n ||
    decoded.r < params.r ||
    decoded.p < params.p ||
    decoded.salt.length < params.saltBytes ||
    decoded.key.length < params.keyBytes
  );
}

/**
 * A well-formed hash of no password: checking an unknown email against it costs as much as
 * checking a real account, so response times do not reveal which emails have accounts.
 */
export const UNMATCHABLE_PASSWORD_HASH = encodePasswordHash({
  n: PASSWORD_HASH_PARAMS.n,
  r: PASSWORD_HASH_PARAMS.r,
  p: PASSWORD_HASH_PARAMS.p,
  salt: randomBytes(PASSWORD_HASH_PARAMS.saltBytes),
  key: randomBytes(PASSWORD_HASH_PARAMS.keyBytes),
});
