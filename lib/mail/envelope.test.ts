import { describe, expect, it } from 'vitest';
import { emailLabel, envelopeFacts } from './envelope';
import { megabytes, notStored, tooLarge } from './kept-failure';

describe('envelopeFacts', () => {
  it('reads the Message-ID, sender and subject the server summarised, as storable text', () => {
    expect(
      envelopeFacts({
        messageId: '<big\u0000@example.com>',
        subject: ' Cake\u0000 photos \n',
        from: [{ name: 'Ada\u0000 Lovelace\ud800', address: 'Ada@Example.com' }],
      }),
    ).toEqual({
      messageId: 'big@example.com',
      fromAddress: 'ada@example.com',
      fromName: 'Ada Lovelace\ufffd',
      subject: 'Cake photos',
    });
  });

  it('leaves out what is missing or no address', () => {
    expect(envelopeFacts(undefined)).toEqual({
      messageId: null,
      fromAddress: null,
      fromName: null,
      subject: null,
    });
    expect(envelopeFacts({ from: [{ name: 'MAILER-DAEMON', address: 'MAILER-DAEMON' }] })).toEqual({
      messageId: null,
      fromAddress: null,
      fromName: 'MAILER-DAEMON',
      subject: null,
    });
  });
});

describe('how an email is named and kept', () => {
  it('names an email by UID, size and Message-ID', () => {
    expect(emailLabel({ uid: 42, size: 12_900_000, messageId: 'a@b' })).toBe(
      'email 42 (12.3 MB, <a@b>)',
    );
    expect(emailLabel({ uid: 7, size: 2_000, messageId: null })).toBe(
      'email 7 (2 KB, no Message-ID)',
    );
  });

  it('says how large, over what, and from whom', () => {
    expect(megabytes(12_900_000)).toBe('12 MB');
    expect(megabytes(6_000_000)).toBe('5.7 MB');
    const kept = tooLarge({
      size: 12_900_000,
      limit: 10_485_760,
      fromName: 'Ada',
      fromAddress: 'ada@example.com',
    });
    expect(kept.failed).toContain(
      'This email from Ada <ada@example.com> was too large to read: 12 MB',
    );
    expect(kept.failed).toContain('over the 10 MB the desk reads');
    expect(kept.reason).toBe('it is 12 MB, over the 10 MB the desk reads');
  });

  it('says how many attempts failed and the last failure', () => {
    expect(
      notStored({ attempts: 3, lastError: 'disk full', fromName: null, fromAddress: null }).failed,
    ).toBe(
      'This email from an unknown sender could not be stored after 3 attempts (the last time: disk full). What could be kept of it is with the conversation.',
    );
  });
});
