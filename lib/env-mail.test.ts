import { afterEach, describe, expect, it } from 'vitest';
import { env, resetEnvForTests } from './env';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

function read(vars: Record<string, string>) {
  process.env = { ...saved, SMTP_URL: '', MAIL_FROM: '', IMAP_URL: '', ...vars };
  resetEnvForTests();
  return env();
}

describe('mail settings', () => {
  it('are optional: without them the desk reads no mail and sends none', () => {
    const config = read({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.IMAP_URL).toBeUndefined();
    expect(config.IMAP_POLL_MS).toBe(30_000);
  });

  it('take smtp(s) and imap(s) addresses, and SMTP needs a From address', () => {
    const config = read({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Juniper <hello@juniper.example>',
      PUBLIC_BASE_URL: 'https://desk.juniper.example',
      IMAP_URL: 'imap://user:pass@127.0.0.1:1143/INBOX',
    });
    expect(config.SMTP_URL).toBe('smtps://user:pass@mail.example.com:465');
    expect(() => read({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow('MAIL_FROM');
    expect(() => read({ SMTP_URL: 'https://mail.example.com', MAIL_FROM: 'a@b.c' })).toThrow(
      'SMTP_URL',
    );
    expect(() => read({ IMAP_URL: 'pop3://mail.example.com' })).toThrow('IMAP_URL');
  });

  it('sending needs the ticket page address for the link, and a From with an address', () => {
    const smtp = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'hello@juniper.example' };
    expect(() => read({ ...smtp, PUBLIC_BASE_URL: '' })).toThrow('PUBLIC_BASE_URL');
    expect(read({ ...smtp, PUBLIC_BASE_URL: 'https://desk.juniper.example' }).MAIL_LEASE_MS).toBe(
      60_000,
    );
    expect(() =>
      read({
        ...smtp,
        MAIL_FROM: 'Juniper Bakery',
        PUBLIC_BASE_URL: 'https://desk.juniper.example',
      }),
    ).toThrow('MAIL_FROM');
  });
});
