import { describe, expect, it } from 'vitest';
import { readImapForm, readSmtpForm, shownServer, storedImap, storedSmtp } from './connection-form';
import { MAIL_PRESETS, mailPreset, presetFor } from './presets';
import { suggestedPublicAddress } from './public-address';

const noneOwned = { from: false, publicBaseUrl: false };

const smtpForm = {
  provider: 'other',
  host: 'smtp.juniper.example',
  port: '587',
  security: 'starttls',
  user: 'hello@juniper.example',
  password: '',
  from: 'Juniper Bakery <hello@juniper.example>',
  publicBaseUrl: 'https://desk.juniper.example/',
};

const imapForm = {
  provider: 'other',
  host: 'imap.juniper.example',
  port: '993',
  security: 'tls',
  user: 'hello@juniper.example',
  password: 'app-pass-1234',
  folder: '',
  doneFolder: 'Handled',
};

describe('the providers’ presets', () => {
  it('each fills a server the forms accept, for both directions, with a hint on app passwords', () => {
    expect(MAIL_PRESETS.map((preset) => preset.id)).toEqual([
      'gmail',
      'outlook',
      'fastmail',
      'icloud',
    ]);
    for (const preset of MAIL_PRESETS) {
      const out = readSmtpForm(
        {
          ...smtpForm,
          provider: preset.id,
          host: preset.smtp.host,
          port: String(preset.smtp.port),
          security: preset.smtp.security,
        },
        noneOwned,
      );
      expect(out, preset.id).toMatchObject({
        ok: true,
        settings: { provider: preset.id, host: preset.smtp.host, port: preset.smtp.port },
      });
      const inbound = readImapForm(
        {
          ...imapForm,
          provider: preset.id,
          host: preset.imap.host,
          port: String(preset.imap.port),
          security: preset.imap.security,
        },
        { doneFolder: false },
      );
      expect(inbound.ok, preset.id).toBe(true);
      // Providers want TLS on the mailbox, and nobody's servers take mail in the clear.
      expect(preset.imap).toMatchObject({ port: 993, security: 'tls' });
      expect(preset.smtp.security).not.toBe('none');
      expect(preset.hint).toMatch(/app/i);
      expect(presetFor('smtp', preset.smtp)?.id).toBe(preset.id);
      expect(presetFor('imap', preset.imap)?.id).toBe(preset.id);
    }
    expect(mailPreset('gmail')?.smtp).toEqual({
      host: 'smtp.gmail.com',
      port: 587,
      security: 'starttls',
    });
    expect(mailPreset('aol')).toBeUndefined();
    expect(presetFor('smtp', { host: 'mail.example.com', port: 25, security: 'none' })).toBe(
      undefined,
    );
  });
});

describe('the outgoing form', () => {
  it('reads a good form into what may be shown, and the password apart', () => {
    const read = readSmtpForm(
      { ...smtpForm, host: ' SMTP.Juniper.Example ', password: 's3cret pass' },
      noneOwned,
    );
    expect(read).toEqual({
      ok: true,
      settings: {
        provider: 'other',
        host: 'smtp.juniper.example',
        port: 587,
        security: 'starttls',
        user: 'hello@juniper.example',
        from: 'Juniper Bakery <hello@juniper.example>',
        publicBaseUrl: 'https://desk.juniper.example',
      },
      secret: 's3cret pass',
    });
    expect(JSON.stringify(read.ok && read.settings)).not.toContain('s3cret');
  });

  it('an empty password keeps the saved one; Remove removes it', () => {
    expect(readSmtpForm(smtpForm, noneOwned)).toMatchObject({ ok: true, secret: undefined });
    expect(
      readSmtpForm({ ...smtpForm, password: 'typed', removePassword: 'on' }, noneOwned),
    ).toMatchObject({ ok: true, secret: null });
  });

  it.each([
    ['port', 'abc', 'whole number from 1 to 65535'],
    ['port', '0', 'whole number from 1 to 65535'],
    ['port', '70000', 'whole number from 1 to 65535'],
    ['port', '58.7', 'whole number from 1 to 65535'],
    ['port', '', 'Enter the port'],
    ['host', 'https://smtp.gmail.com', 'Only the server’s name'],
    ['host', 'smtp gmail com', 'Only the server’s name'],
    ['host', '', 'Enter the server’s name'],
    ['security', 'ssl-please', 'Choose how the connection is protected'],
    ['from', 'the bakery', 'An email address'],
    ['from', 'hello@juniper', 'An email address'],
    ['from', 'Juniper <hello@juniper.example>\r\nBcc: all@example.com', 'An email address'],
    ['publicBaseUrl', 'desk.juniper.example', 'A web address'],
    ['publicBaseUrl', 'ftp://desk.juniper.example', 'A web address'],
    ['publicBaseUrl', 'https://desk.juniper.example/?a=1', 'without ? or #'],
    ['password', 'line one\nline two', 'one line'],
  ])('%s = %j is refused beside its field: %s', (field, value, words) => {
    const read = readSmtpForm({ ...smtpForm, [field]: value }, noneOwned);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors[field]).toContain(words);
    expect(Object.keys(read.errors)).toEqual([field]);
  });

  it('fields the environment sets are neither required nor read', () => {
    const read = readSmtpForm(
      { ...smtpForm, from: 'not an address', publicBaseUrl: '' },
      { from: true, publicBaseUrl: true },
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.settings).not.toHaveProperty('from');
    expect(read.settings).not.toHaveProperty('publicBaseUrl');
  });
});

describe('the incoming form', () => {
  it('reads the folder (INBOX when blank) and the done-folder; the user is required', () => {
    expect(readImapForm(imapForm, { doneFolder: false })).toEqual({
      ok: true,
      settings: {
        provider: 'other',
        host: 'imap.juniper.example',
        port: 993,
        security: 'tls',
        user: 'hello@juniper.example',
        folder: 'INBOX',
        doneFolder: 'Handled',
      },
      secret: 'app-pass-1234',
    });
    const noUser = readImapForm({ ...imapForm, user: ' ' }, { doneFolder: false });
    expect(noUser).toMatchObject({
      ok: false,
      errors: { user: expect.stringContaining('user name') },
    });
    const owned = readImapForm({ ...imapForm, doneFolder: 'Ignored' }, { doneFolder: true });
    expect(owned.ok && owned.settings).not.toHaveProperty('doneFolder');
    expect(readImapForm({ ...imapForm, port: '99999' }, { doneFolder: false })).toMatchObject({
      ok: false,
      errors: { port: expect.stringContaining('1 to 65535') },
    });
  });

  it('saved rows read back, and a damaged one reads as nothing saved', () => {
    const read = readImapForm(imapForm, { doneFolder: false });
    expect(read.ok && storedImap(read.settings)).toMatchObject({ host: 'imap.juniper.example' });
    expect(storedImap({ host: 'x', port: '993', security: 'tls', user: 'u' })).toBeUndefined();
    expect(storedSmtp({ host: 'x', port: 25, security: 'rot13' })).toBeUndefined();
    expect(storedSmtp(undefined)).toBeUndefined();
  });

  it('a server is shown like the environment’s addresses, never with a password', () => {
    expect(
      shownServer('imap', {
        host: 'imap.gmail.com',
        port: 993,
        security: 'tls',
        user: 'hello@juniper.example',
        folder: 'INBOX',
      }),
    ).toBe('imaps://hello%40juniper.example@imap.gmail.com:993/INBOX');
    expect(shownServer('smtp', { host: '127.0.0.1', port: 2525, security: 'none', user: '' })).toBe(
      'smtp://127.0.0.1:2525',
    );
  });
});

describe('the suggested public address', () => {
  it('is the address the owner is using, behind a proxy its forwarded host and scheme', () => {
    expect(
      suggestedPublicAddress({ host: '127.0.0.1:3000', forwardedHost: null, forwardedProto: null }),
    ).toBe('http://127.0.0.1:3000');
    expect(
      suggestedPublicAddress({
        host: '127.0.0.1:3000',
        forwardedHost: 'desk.juniper.example, proxy.internal',
        forwardedProto: 'https',
      }),
    ).toBe('https://desk.juniper.example');
    expect(
      suggestedPublicAddress({
        host: 'evil.example/path',
        forwardedHost: null,
        forwardedProto: null,
      }),
    ).toBeUndefined();
    expect(suggestedPublicAddress({ host: null, forwardedHost: null, forwardedProto: null })).toBe(
      undefined,
    );
  });
});
