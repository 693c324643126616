import { describe, expect, it } from 'vitest';
import { readEmail } from './read-email';

const own = { ownAddresses: ['orders@juniper.example'] };
const email = (headers: string, body = 'Do you have rye bread tomorrow?') =>
  Buffer.from(`${headers.trim().replace(/\n/g, '\r\n')}\r\n\r\n${body}\r\n`);

async function skipOf(raw: Buffer) {
  const read = await readEmail(raw, own);
  if (!read.readable) throw new Error(`unreadable: ${read.reason}`);
  return read.email.notAQuestion;
}

describe('bounces (RFC 3464 and common practice)', () => {
  it.each([
    'From: MAILER-DAEMON@mx.example.com\nSubject: Undelivered Mail Returned to Sender',
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.com>\nSubject: failure notice',
    'From: postmaster@example.com\nSubject: Undeliverable: Rye',
    'From: someone@example.com\nSubject: Hi\nX-Failed-Recipients: ada@example.com',
    'From: Mail Delivery Subsystem <mailer@example.com>\nReturn-Path: <>\nSubject: Returned mail: see transcript for details',
    'From: a@example.com\nSubject: Report\nContent-Type: multipart/report; report-type=delivery-status; boundary=x',
  ])('%s', async (headers) => {
    expect(await skipOf(email(headers))).toBe('bounce');
  });

  it('MAILER-DAEMON without a domain is a bounce, not an email nobody sent', async () => {
    const read = await readEmail(
      email('From: MAILER-DAEMON\nSubject: There was an error sending your mail'),
      own,
    );
    expect(read).toMatchObject({
      readable: true,
      email: { notAQuestion: 'bounce', fromAddress: 'mailer-daemon' },
    });
  });

  it('an empty Return-Path alone, on an ordinary subject, is no bounce', async () => {
    expect(await skipOf(email('From: ada@example.com\nReturn-Path: <>\nSubject: Rye?'))).toBe(null);
  });
});

describe('automatic replies (RFC 3834 and the mailers that ignore it)', () => {
  it.each([
    'Auto-Submitted: auto-replied',
    'X-Autoreply: yes',
    'X-Autorespond: yes',
    'X-Auto-Response-Suppress: All',
    'Precedence: auto_reply',
  ])('%s', async (extra) => {
    expect(await skipOf(email(`From: ada@example.com\nSubject: Re: Rye\n${extra}`))).toBe(
      'auto-reply',
    );
  });

  it.each([
    'Automatic reply: Rye',
    'Auto reply: Rye',
    'Autosvar: Rye',
    'Réponse automatique : Rye',
    'Abwesenheitsnotiz: Rye',
    'Out of Office: Rye',
    'Out of office',
    'Automatische Antwort: Rye',
  ])('the subject "%s"', async (subject) => {
    expect(await skipOf(email(`From: ada@example.com\nSubject: ${subject}`))).toBe('auto-reply');
  });

  it('a customer’s subject that mentions an office is a question', async () => {
    expect(await skipOf(email('From: ada@example.com\nSubject: Out of office party cakes?'))).toBe(
      null,
    );
  });

  it('an automatic reply with an empty Return-Path is not taken for a bounce', async () => {
    expect(
      await skipOf(email('From: ada@example.com\nReturn-Path: <>\nSubject: Automatic reply: Rye')),
    ).toBe('auto-reply');
  });
});

describe('mailing lists (RFC 2369 and common practice)', () => {
  it.each([
    'List-Id: <bakers.lists.example.org>',
    'List-Unsubscribe: <mailto:leave@lists.example.org>',
    'X-Mailing-List: bakers@lists.example.org',
    'Precedence: bulk',
    'Precedence: list',
    'Precedence: junk',
  ])('%s', async (extra) => {
    expect(await skipOf(email(`From: ada@example.com\nSubject: Rye\n${extra}`))).toBe(
      'mailing list',
    );
  });
});
