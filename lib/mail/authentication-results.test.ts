import { describe, expect, it } from 'vitest';
import { parseAuthenticationResults, senderVerdict } from './authentication-results';
import { readEmail } from './read-email';

describe('Authentication-Results (RFC 8601)', () => {
  it('reads the authserv-id and each method with its result', () => {
    expect(
      parseAuthenticationResults(
        ' mx.juniper.example;\r\n\tdkim=pass header.d=example.com header.s=sel;\r\n\tspf=fail smtp.mailfrom=mallory@example.com;\r\n\tdmarc=fail (p=REJECT sp=REJECT dis=NONE) header.from=example.com',
      ),
    ).toEqual({
      authservId: 'mx.juniper.example',
      results: [
        { method: 'dkim', result: 'pass' },
        { method: 'spf', result: 'fail' },
        { method: 'dmarc', result: 'fail' },
      ],
    });
  });

  it('skips comments, even nested ones and ones that look like results', () => {
    expect(
      parseAuthenticationResults(
        'mx.juniper.example (the (real) one; spf=fail); spf=pass (sender spf=fail \\) ignored) smtp.mailfrom=a@b.example',
      ),
    ).toEqual({ authservId: 'mx.juniper.example', results: [{ method: 'spf', result: 'pass' }] });
  });

  it('reads versions, case, spaces around "=", quoted values and "none"', () => {
    expect(
      parseAuthenticationResults(
        'MX.Juniper.Example 1; SPF / 1 = PASS reason="ok; fine" smtp.mailfrom=a@b.example; DMARC=Fail',
      ),
    ).toEqual({
      authservId: 'MX.Juniper.Example',
      results: [
        { method: 'spf', result: 'pass' },
        { method: 'dmarc', result: 'fail' },
      ],
    });
    expect(parseAuthenticationResults('"mx.juniper.example"; none')).toEqual({
      authservId: 'mx.juniper.example',
      results: [],
    });
    expect(parseAuthenticationResults('  ; spf=pass')).toBeUndefined();
    expect(parseAuthenticationResults('')).toBeUndefined();
  });

  it('believes only the trusted server, whose fail outweighs any pass', () => {
    const real = 'mx.juniper.example; spf=fail smtp.mailfrom=ada@example.com; dmarc=fail';
    const forged = 'mx.evil.example; spf=pass; dmarc=pass';
    expect(senderVerdict([real, forged], 'mx.juniper.example')).toBe('fail');
    expect(senderVerdict([forged], 'mx.juniper.example')).toBe('unknown');
    expect(senderVerdict([forged, real], 'MX.JUNIPER.EXAMPLE')).toBe('fail');
    // A forger copying the trusted id with "pass" cannot take out the server's own "fail".
    expect(
      senderVerdict(
        ['mx.juniper.example; dmarc=fail', 'mx.juniper.example; dmarc=pass'],
        'mx.juniper.example',
      ),
    ).toBe('fail');
    expect(
      senderVerdict(['mx.juniper.example; spf=pass; dkim=fail; dmarc=pass'], 'mx.juniper.example'),
    ).toBe('pass');
    expect(senderVerdict(['mx.juniper.example; spf=softfail'], 'mx.juniper.example')).toBe(
      'unknown',
    );
    expect(senderVerdict(['mx.juniper.example; dkim=fail'], 'mx.juniper.example')).toBe('unknown');
    // Nothing is believed without an id to trust.
    expect(senderVerdict([real], undefined)).toBe('unknown');
    expect(senderVerdict([real], ' ')).toBe('unknown');
  });

  it('reads long and odd input in one pass', () => {
    const comments = `mx.juniper.example; ${'('.repeat(5_000)}spf=fail`;
    expect(parseAuthenticationResults(comments)?.results).toEqual([]);
    const quote = `mx.juniper.example; spf="${'x'.repeat(10_000)}`;
    expect(parseAuthenticationResults(quote)?.results).toEqual([
      { method: 'spf', result: 'x'.repeat(10_000) },
    ]);
    expect(
      parseAuthenticationResults(`mx.juniper.example; ${'spf=pass;'.repeat(5_000)}`),
    ).toBeUndefined();
  });

  it('readEmail returns the verdict from the raw headers', async () => {
    const raw = (headers: string) =>
      Buffer.from(
        `${headers}From: Ada <ada@example.com>\r\nTo: orders@juniper.example\r\nSubject: Rye\r\nMessage-ID: <ar-1@example.com>\r\n\r\nDo you have rye?\r\n`,
      );
    const verdict = async (headers: string, authservId?: string) => {
      const read = await readEmail(raw(headers), { ownAddresses: [], authservId });
      if (!read.readable) throw new Error(read.reason);
      return read.email.senderVerified;
    };
    const failed =
      'Authentication-Results: mx.juniper.example;\r\n dmarc=fail header.from=example.com\r\nAuthentication-Results: mx.example.com; dmarc=pass\r\n';
    expect(await verdict(failed, 'mx.juniper.example')).toBe('fail');
    expect(await verdict(failed, 'mx.example.com')).toBe('pass');
    expect(await verdict(failed)).toBe('unknown');
    expect(await verdict('', 'mx.juniper.example')).toBe('unknown');
  });
});
