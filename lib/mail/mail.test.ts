import { describe, expect, it } from 'vitest';
import { mailChannelView } from './channel-state';
import { readEmail, writtenText } from './read-email';
import { describeMailError, parseMailServer } from './server-url';
import { subjectKey, ticketReference, ticketReferenceIn } from './thread';

const own = { ownAddresses: ['orders@juniper.example'] };
const email = (headers: string, body = 'Do you have rye bread tomorrow?') =>
  Buffer.from(`${headers.trim().replace(/\n/g, '\r\n')}\r\n\r\n${body}\r\n`);

describe('reading an email', () => {
  it('an email with only a subject asks in its subject', async () => {
    const read = await readEmail(email('From: a@example.com\nSubject: Rye tomorrow?', ''), own);
    expect(read).toMatchObject({ readable: true, email: { text: 'Rye tomorrow?' } });
  });

  it('no text and no subject cannot be read as a question', async () => {
    const read = await readEmail(email('From: a@example.com', ''), own);
    expect(read).toEqual({ readable: false, reason: 'it has no text', messageId: null });
  });

  it.each([
    ['Precedence: bulk', 'mailing list'],
    ['List-Id: <bakers.example.org>', 'mailing list'],
    ['Auto-Submitted: auto-generated', 'auto-reply'],
    ['X-Autoreply: yes', 'auto-reply'],
    ['Precedence: auto_reply', 'auto-reply'],
  ])('%s is not a question (%s)', async (extra, reason) => {
    const read = await readEmail(email(`From: a@example.com\nSubject: Hi\n${extra}`), own);
    expect(read).toMatchObject({ readable: true, email: { notAQuestion: reason } });
  });

  it('Auto-Submitted: no is a person writing', async () => {
    const read = await readEmail(
      email('From: a@example.com\nSubject: Hi\nAuto-Submitted: no'),
      own,
    );
    expect(read).toMatchObject({ readable: true, email: { notAQuestion: null } });
  });

  it('the desk’s own address is not a question, in any case', async () => {
    const read = await readEmail(email('From: Orders@Juniper.Example\nSubject: Hi'), own);
    expect(read).toMatchObject({ readable: true, email: { notAQuestion: 'own address' } });
  });

  it('cuts quoted history and the signature, keeps a forward', () => {
    expect(writtenText('Yes please.\n\nOn Mon, Bob <b@x.y> wrote:\n> old\n> text')).toBe(
      'Yes please.',
    );
    // Outlook's, AOL's and Yahoo's "Original Message" is the quoted reply, not a forward.
    expect(
      writtenText('See below.\n\n-------- Original Message --------\nFrom: x\n\nOld question'),
    ).toBe('See below.');
    expect(
      writtenText('See below.\n\n---------- Forwarded message ---------\nFrom: x\n\nOld question'),
    ).toBe('See below.\n\n---------- Forwarded message ---------\nFrom: x\n\nOld question');
  });
});

describe('threading by subject', () => {
  it('a ticket reference is written and read back', () => {
    expect(ticketReferenceIn(`Re: Rye loaf ${ticketReference(42)}`)).toBe(42);
    expect(ticketReferenceIn('Re: Rye loaf #42')).toBeNull();
  });

  it('the same subject, whatever the reply and forward prefixes and reference', () => {
    expect(subjectKey('RE: Fwd: AW:  Rye   Loaf [Ticket #3]')).toBe('rye loaf');
    expect(subjectKey('Rye loaf')).toBe('rye loaf');
    expect(subjectKey('Re: ')).toBe('');
  });

  it.each([
    'Re: Rye loaf',
    'RE: Rye loaf',
    'AW: Rye loaf',
    'Aw: Rye loaf',
    'SV: Rye loaf',
    'VS: Rye loaf',
    'Odp: Rye loaf',
    'RES: Rye loaf',
    'R: Rye loaf',
    'Antw: Rye loaf',
    'Wg: Rye loaf',
    'Fw: Rye loaf',
    'Fwd: Rye loaf',
    'TR: Rye loaf',
    'Rif: Rye loaf',
    'Ref: Rye loaf',
    'Réf : Rye loaf',
    'Ynt: Rye loaf',
    'İlt: Rye loaf',
    'Enc: Rye loaf',
    'ВЗ: Rye loaf',
    'Ответ: Rye loaf',
    '回复：Rye loaf',
    '答复: Rye loaf',
    '回覆：Rye loaf',
    '転送: Rye loaf',
    '返信：Rye loaf',
    'Re[2]: Rye loaf',
    'RE(3): Rye loaf',
    'Re: Fwd: AW: Odp: 回复：Rye loaf',
  ])('"%s" is the same conversation as "Rye loaf"', (subject) => {
    expect(subjectKey(subject)).toBe('rye loaf');
  });

  it('a word that only looks like a prefix stays', () => {
    expect(subjectKey('Rye: two loaves')).toBe('rye: two loaves');
    expect(subjectKey('Rest of my order')).toBe('rest of my order');
  });
});

describe('mail server addresses', () => {
  it('are shown without the password, with default ports and the folder', () => {
    const server = parseMailServer('imaps://desk%40juniper.example:p%40ss@mail.example.com/Orders');
    expect(server).toMatchObject({
      host: 'mail.example.com',
      port: 993,
      secure: true,
      user: 'desk@juniper.example',
      password: 'p@ss',
      mailbox: 'Orders',
      shown: 'imaps://desk%40juniper.example@mail.example.com/Orders',
    });
    expect(parseMailServer('smtp://mail.example.com').shown).toBe('smtp://mail.example.com');
  });

  it('errors use the server’s words, without secrets', () => {
    expect(
      describeMailError(
        {
          message: 'Command failed',
          responseText: 'Bad password hunter2',
          authenticationFailed: true,
        },
        ['hunter2'],
      ),
    ).toBe('the server refused the login: Bad password ••••');
    expect(
      describeMailError({ message: 'connect ECONNREFUSED 127.0.0.1:1', code: 'ECONNREFUSED' }, []),
    ).toBe('connect ECONNREFUSED 127.0.0.1:1');
    expect(describeMailError(undefined, [])).toBe('the mail server failed');
  });
});

describe('a mail channel on the settings page', () => {
  const url = 'imap://desk@127.0.0.1:1143/INBOX';
  const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 9, minute));

  it('unset is not configured, whatever was recorded before', () => {
    expect(
      mailChannelView({
        name: 'imap',
        server: null,
        row: { lastOkAt: at(1), lastError: null, lastErrorAt: null },
      }),
    ).toMatchObject({ state: 'not configured', server: null });
  });

  it('set but never answered is not checked yet', () => {
    const view = mailChannelView({ name: 'imap', server: url, row: undefined });
    expect(view).toMatchObject({
      state: 'not checked yet',
      server: 'imap://desk@127.0.0.1:1143/INBOX',
    });
  });

  it('the newer of the last answer and the last error decides; the error stays shown', () => {
    const failing = { lastOkAt: at(1), lastError: 'connect ECONNREFUSED', lastErrorAt: at(2) };
    expect(mailChannelView({ name: 'imap', server: url, row: failing }).state).toBe('failing');
    const recovered = { ...failing, lastOkAt: at(3) };
    expect(mailChannelView({ name: 'imap', server: url, row: recovered })).toMatchObject({
      state: 'healthy',
      lastError: 'connect ECONNREFUSED',
    });
    expect(
      mailChannelView({
        name: 'smtp',
        server: 'smtp://x',
        row: { lastOkAt: null, lastError: 'e', lastErrorAt: at(1) },
      }).state,
    ).toBe('failing');
  });
});
