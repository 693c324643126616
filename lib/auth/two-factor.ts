import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Time-based one-time passwords (RFC 6238) as every authenticator app reads them: SHA-1, six
 * digits, 30-second steps. A code from the step before or after is accepted for clock drift.
 */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const DRIFT_STEPS = 1;

/** 160 random bits, base32, as RFC 4226 recommends. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri({
  secret,
  account,
  issuer,
}: {
  secret: string;
  account: string;
  issuer: string;
}): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    ...TOTP_SETTINGS,
  }).toString();
}

/** A QR code of `text` as an SVG data URL, drawn here: the secret never leaves the server. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The secret in groups of four, for typing into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Six digits, spaces allowed (apps show "123 456"). */
export function totpCodeFrom(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'reused' };

/**
 * Whether `code` is the secret's code at `now` (give or take one step). The step it matched
 * is returned so it can be stored: a code already used, or one older than the last used, is
 * refused, so a code seen over someone's shoulder cannot be replayed within its 30 seconds.
 */
export function checkTotpCode({
  secret,
  code,
  now,
  lastStep,
}: {
  secret: string;
  code: string;
  now: Date;
  lastStep: number | null;
}): TotpCheck {
  const token = totpCodeFrom(code);
  if (!token) return { ok: false, reason: 'wrong' };
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    ...TOTP_SETTINGS,
    timestamp: now.getTime(),
    window: DRIFT_STEPS,
  });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now.getTime() }) + delta;
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'reused' };
  return { ok: true, step };
}

/** The code an app would show at `at`: for tests and nothing else in the app. */
export function totpCodeAt({ secret, at }: { secret: string; at: Date }): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    ...TOTP_SETTINGS,
    timestamp: at.getTime(),
  });
}

// Lower case without 0/o, 1/l/i: read off paper and typed by hand, perhaps years later.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of four groups of four: about 79 random bits each. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: 4 }, () =>
      Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
        '',
      ),
    ).join('-'),
  );
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * What is stored of a recovery code. A plain SHA-256 suffices (as for session tokens): each
 * code carries about 79 random bits, far beyond guessing from a copied database.
 */
export function hashRecoveryCode(input: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(input)).digest('hex');
}

/** Wrong second-step codes are counted per account, like wrong passwords. */
export function secondFactorFailureKey(userId: number): string {
  return `second-factor:${userId}`;
}
