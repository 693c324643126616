import { Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  checkTotpCode,
  generateRecoveryCodes,
  generateTotpSecret,
  groupedSecret,
  hashRecoveryCode,
  normaliseRecoveryCode,
  qrCodeDataUrl,
  totpCodeAt,
  totpUri,
} from './two-factor';

const now = new Date('2026-12-01T10:00:10Z');
const seconds = (s: number) => new Date(now.getTime() + s * 1000);

describe('authenticator secrets', () => {
  it('are 160 random bits in base32, shown grouped', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  it('go into an otpauth address any app can read back', () => {
    const secret = generateTotpSecret();
    const uri = totpUri({ secret, account: 'olive@juniper.test', issuer: 'Juniper Bakery' });
    const parsed = URI.parse(uri);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.label).toBe('olive@juniper.test');
    expect(parsed.issuer).toBe('Juniper Bakery');
  });
});

describe('the QR code', () => {
  it('is an SVG image in a data URL', async () => {
    const url = await qrCodeDataUrl('otpauth://totp/Desk:olive?secret=JBSWY3DPEHPK3PXP');
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(url.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');
  });
});

describe('checking a code', () => {
  const secret = generateTotpSecret();
  const appCode = (at: Date) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

  it('accepts the app’s current code, spaced or not, and the neighbouring steps', () => {
    const code = appCode(now);
    expect(totpCodeAt({ secret, at: now })).toBe(code);
    expect(checkTotpCode({ secret, code, now, lastStep: null })).toMatchObject({ ok: true });
    expect(
      checkTotpCode({ secret, code: `${code.slice(0, 3)} ${code.slice(3)}`, now, lastStep: null }),
    ).toMatchObject({ ok: true });
    expect(
      checkTotpCode({ secret, code: appCode(seconds(-30)), now, lastStep: null }),
    ).toMatchObject({ ok: true });
    expect(
      checkTotpCode({ secret, code: appCode(seconds(30)), now, lastStep: null }),
    ).toMatchObject({ ok: true });
  });

  it('refuses codes from further away, wrong codes and non-codes', () => {
    for (const code of [appCode(seconds(-90)), appCode(seconds(90)), '000000', '12345', 'abcdef']) {
      // Another step's code can equal one in the window (one chance in about 300,000).
      if (code === appCode(now) || code === appCode(seconds(30)) || code === appCode(seconds(-30)))
        continue;
      expect(checkTotpCode({ secret, code, now, lastStep: null })).toEqual({
        ok: false,
        reason: 'wrong',
      });
    }
  });

  it('refuses a code whose step was already used, or an older one', () => {
    const first = checkTotpCode({ secret, code: appCode(now), now, lastStep: null });
    if (!first.ok) throw new Error('expected the code to be accepted');
    expect(checkTotpCode({ secret, code: appCode(now), now, lastStep: first.step })).toEqual({
      ok: false,
      reason: 'reused',
    });
    expect(
      checkTotpCode({ secret, code: appCode(seconds(-30)), now, lastStep: first.step }),
    ).toEqual({ ok: false, reason: 'reused' });
    expect(
      checkTotpCode({ secret, code: appCode(seconds(30)), now: seconds(30), lastStep: first.step }),
    ).toMatchObject({ ok: true, step: first.step + 1 });
  });
});

describe('recovery codes', () => {
  it('are ten different, readable codes', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{4}(-[a-km-np-z2-9]{4}){3}$/);
  });

  it('are stored hashed, and match however they are typed', () => {
    const [code] = generateRecoveryCodes(1) as [string];
    const stored = hashRecoveryCode(code);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(normaliseRecoveryCode(code));
    expect(hashRecoveryCode(` ${code.toUpperCase().replaceAll('-', ' ')} `)).toBe(stored);
    expect(hashRecoveryCode(`${code}x`)).not.toBe(stored);
  });
});
