import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/env';
import { type InboundMail, startInboundMail } from '@/server/mail/inbound';
import { type Dovecot, freePort, startDovecot } from '../support/dovecot';
import { waitUntil } from '../support/processes';
import { sqlRows, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

type Health = { ok: number | null; error: string | null; errorAt: number | null };
const health = async () =>
  (
    await sqlRows(
      `select last_ok_at as ok, last_error as error, last_error_at as "errorAt" from mail_channels where name = 'imap'`,
    )
  )[0] as Health | undefined;

const stored = async () => (await sqlValue('select count(*) from inbound_emails')) as number;
const email = (messageId: string) =>
  `From: Ada <ada@example.com>\r\nSubject: Bagels\r\nMessage-ID: <${messageId}>\r\n\r\nAny bagels today?\r\n`;

describe('the mailbox reader and a mail server that is down or refuses it', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let dovecot: Dovecot;
  let inbound: InboundMail | undefined;
  const saved = { ...process.env };

  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(() => dovecot?.stop());
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(async () => {
    await inbound?.stop();
    inbound = undefined;
    process.env = { ...saved };
    resetEnvForTests();
    await temp.cleanup();
  });

  function read(
    settings: Record<string, string>,
    options: { connectTimeoutMs?: number } = {},
  ): void {
    Object.assign(process.env, { IMAP_POLL_MS: '300', ...settings });
    resetEnvForTests();
    inbound = startInboundMail({ log: () => {}, ...options });
  }

  it('a server that is down is the channel’s last error, with the time and without the password', async () => {
    read({ IMAP_URL: `imap://bakery:down-secret@127.0.0.1:${await freePort()}/INBOX` });
    await waitUntil('the failure is recorded', async () => Boolean((await health())?.error));
    expect((await health())?.error).toContain('ECONNREFUSED');
    expect((await health())?.error).not.toContain('down-secret');
    expect((await health())?.errorAt).toEqual(expect.any(Number));
    expect((await health())?.ok).toBeNull();
  });

  it('a server that accepts but never answers is a timeout, recorded, and the reader tries again', async () => {
    const sockets: Socket[] = [];
    const mute = createServer((socket) => sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => mute.listen(port, '127.0.0.1', resolve));
    try {
      // A silent server is given 1 s rather than the desk's 15 s: the same timeout, sooner.
      read(
        { IMAP_URL: `imap://bakery:slow-secret@127.0.0.1:${port}/INBOX` },
        { connectTimeoutMs: 1_000 },
      );
      await waitUntil(
        'the timeout is recorded',
        async () => Boolean((await health())?.error),
        40_000,
      );
      expect((await health())?.error).toMatch(/timeout|timed out|greeting/i);
      expect((await health())?.error).not.toContain('slow-secret');
      // It keeps trying rather than giving up.
      await waitUntil('a second connection', () => sockets.length >= 2, 40_000);
    } finally {
      await inbound?.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
  }, 90_000);

  it('a refused login is the channel’s last error, never the password', async () => {
    read({ IMAP_URL: `imap://${dovecot.user}:wrong-secret@127.0.0.1:${dovecot.port}/INBOX` });
    await waitUntil(
      'the failure is recorded',
      async () => Boolean((await health())?.error),
      30_000,
    );
    expect((await health())?.error).toMatch(/refused the login|authentication failed/i);
    expect((await health())?.error).not.toContain('wrong-secret');
    expect((await health())?.ok).toBeNull();
  }, 40_000);

  it('with a done folder, handled mail is moved there, and a good pass is recorded', async () => {
    await dovecot.append(readFileSync(join(import.meta.dirname, '../fixtures/mail/plain.eml')));
    read({ IMAP_URL: dovecot.url, IMAP_DONE_FOLDER: 'Handled' });
    await waitUntil(
      'the email is stored',
      async () => (await sqlValue('select count(*) from inbound_emails')) === 1,
    );
    const deadline = Date.now() + 20_000;
    while ((await dovecot.list('INBOX')).length > 0) {
      if (Date.now() > deadline) throw new Error('the email was not moved');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await dovecot.list('Handled')).map((message) => message.messageId)).toEqual([
      '<plain-1@example.com>',
    ]);
    await waitUntil('a good pass is recorded', async () => Boolean((await health())?.ok));
    expect((await health())?.error).toBeNull();
  }, 40_000);

  it('with polling far off, new mail arrives as the server pushes it (IDLE)', async () => {
    read({ IMAP_URL: dovecot.url, IMAP_POLL_MS: '600000' });
    await waitUntil('a first pass', async () => Boolean((await health())?.ok));
    // Mail from earlier tests was taken by the first pass; this one arrives after it.
    const before = await stored();
    await dovecot.append(email('idle-1@example.com'));
    await waitUntil('the email is stored', async () => (await stored()) === before + 1);
  });

  it('a server without IDLE is polled every IMAP_POLL_MS', async () => {
    const plain = await startDovecot({ idle: false });
    try {
      read({ IMAP_URL: plain.url, IMAP_POLL_MS: '300' });
      await waitUntil('a first pass', async () => Boolean((await health())?.ok));
      await plain.append(email('poll-1@example.com'));
      await waitUntil('the email is stored', async () => (await stored()) === 1);
    } finally {
      await inbound?.stop();
      plain.stop();
    }
  });
});
