// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/env';
import { type InboundMail, startInboundMail, takeEmail } from '@/server/mail/inbound';
import { type Dovecot, startDovecot } from '../support/dovecot';
import { waitUntilAllSeen, waitUntilTaken } from '../support/mailbox-waits';
import { waitUntil } from '../support/processes';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

/*
 * Emails that once stopped the mailbox reader, through the real watcher and a real Dovecot, on
 * the engine of the run (SQLite, or PostgreSQL in `npm run test:unit:postgres`).
 */

type Row = Record<string, unknown>;

const email = ({
  id,
  from = 'Ada <ada@example.com>',
  subject = 'Rye loaf',
  body = 'Do you have rye on Saturday?',
  extra = '',
}: {
  id: string;
  from?: string;
  subject?: string;
  body?: string;
  extra?: string;
}) =>
  Buffer.from(
    `From: ${from}\r\nTo: orders@juniper.example\r\nSubject: ${subject}\r\nMessage-ID: <${id}>\r\n${extra}Date: Tue, 1 Dec 2026 09:00:00 +0000\r\n\r\n${body}\r\n`,
    'latin1',
  );

const conversationOf = async (key: string) =>
  (
    await sqlRows<Row>(
      `select e.outcome, e.reason, e.size, e.raw, e.from_address as "fromAddress", e.subject,
              q.status, q.customer_name as name, q.customer_email as "customerEmail",
              q.last_error as "lastError", m.text, m.email_from as "emailFrom",
              m.email_references as "references", m.email_subject as "messageSubject"
         from inbound_emails e left join questions q on q.id = e.question_id
         left join messages m on m.id = e.message_id where e.key = ?`,
      key,
    )
  )[0];

describe('emails that once stopped the mailbox reader', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let dovecot: Dovecot | undefined;
  let inbound: InboundMail | undefined;
  let logged: string[] = [];
  const saved = { ...process.env };

  beforeEach(async () => {
    temp = await useTempDatabase();
    logged = [];
  });
  afterEach(async () => {
    await inbound?.stop();
    inbound = undefined;
    process.env = { ...saved };
    resetEnvForTests();
    dovecot?.stop();
    dovecot = undefined;
    await temp.cleanup();
  });

  /** A mailbox of its own for each test that reads one: the UIDs the log names start at 1. */
  async function mailbox(): Promise<Dovecot> {
    dovecot = await startDovecot();
    return dovecot;
  }

  function watch(server: Dovecot, settings: Record<string, string> = {}): void {
    Object.assign(process.env, { IMAP_POLL_MS: '300', IMAP_URL: server.url, ...settings });
    resetEnvForTests();
    inbound = startInboundMail({ log: (line) => logged.push(line) });
  }

  it('a NUL in From and in References is stored cleaned, and the next email is taken', async () => {
    const server = await mailbox();
    // NULs as a sender could send them: the name an encoded word that decodes to one, the body
    // quoted-printable with one, the address, subject and References with raw NUL bytes (which
    // this Dovecot hands on as 0x80; takeEmail below gets them as they are).
    await server.append(
      email({
        id: 'nul-1@example.com',
        from: '=?utf-8?B?QWRhAExvdmVsYWNl?= <ada\0@example.com>',
        subject: '=?utf-8?Q?Rye=00_loaf?=',
        extra:
          'References: <first\0@example.com> <second@example.com>\r\nIn-Reply-To: <sec\0ond@example.com>\r\nContent-Transfer-Encoding: quoted-printable\r\n',
        body: 'Two=00 loaves, please.',
      }),
    );
    await server.append(email({ id: 'after-nul@example.com', from: 'Bo <bo@example.com>' }));
    watch(server);
    await waitUntilTaken(2, { mailbox: server, timeoutMs: 30_000, what: 'both emails are taken' });

    const nul = await conversationOf('nul-1@example.com');
    expect(nul?.outcome).toBe('question');
    expect(nul?.name).toBe('AdaLovelace');
    expect(nul?.customerEmail).not.toContain('\0');
    expect(nul?.text).toBe('Two loaves, please.');
    expect(nul?.messageSubject).toBe('Rye loaf');
    expect(String(nul?.references)).not.toContain('\0');
    expect(String(nul?.references)).toContain('second@example.com');
    const after = await conversationOf('after-nul@example.com');
    expect(after).toMatchObject({
      outcome: 'question',
      name: 'Bo',
      customerEmail: 'bo@example.com',
    });
    // No text the desk stored holds a NUL.
    const texts = await sqlRows(
      `select m.text, m.email_from, m.email_references, m.email_subject, m.email_message_id,
              q.text as question, q.customer_name, q.customer_email, e.key, e.from_address, e.subject
         from messages m join questions q on q.id = m.question_id
         join inbound_emails e on e.message_id = m.id`,
    );
    expect(texts).toHaveLength(2);
    expect(JSON.stringify(texts)).not.toContain('\\u0000');
    expect(logged.join('\n')).toMatch(/email 1 \(\d+ KB, <nul-1@example\.com>\): question/);
  }, 60_000);

  it('takeEmail stores an email with NUL bytes in its From address and References cleaned', async () => {
    const own = ['orders@juniper.example'];
    const raw = email({
      id: 'raw-nul@example.com',
      from: '"Ada\0 Lovelace" <ada\0@example.com>',
      extra: 'References: <fir\0st@example.com> <second@example.com>\r\n',
      body: 'Rye\0 on Saturday?',
    });
    const stored = await takeEmail(raw, { own });
    expect(stored.row.outcome).toBe('question');
    const kept = await conversationOf('raw-nul@example.com');
    expect(kept).toMatchObject({
      name: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      emailFrom: 'ada@example.com',
      fromAddress: 'ada@example.com',
      references: 'first@example.com second@example.com',
      text: 'Rye on Saturday?',
    });
    // The next one is taken as ever.
    expect(
      (await takeEmail(email({ id: 'next@example.com', from: 'bo@example.com' }), { own })).row
        .outcome,
    ).toBe('question');
  });

  it('an email larger than MAIL_MAX_BYTES is kept with its headers and size as too large, and marked seen', async () => {
    const server = await mailbox();
    const big = email({
      id: 'big@example.com',
      from: 'Ada Lovelace <ada@example.com>',
      subject: 'Photos of the cake',
      body: `Here they are.\r\n${'QUJD'.repeat(40_000)}`,
    });
    await server.append(big);
    await server.append(email({ id: 'small@example.com' }));
    watch(server, { MAIL_MAX_BYTES: '100000' });
    await waitUntilTaken(2, { mailbox: server, timeoutMs: 30_000, what: 'both are kept' });

    const kept = await conversationOf('big@example.com');
    expect(kept).toMatchObject({
      outcome: 'too large',
      size: big.length,
      fromAddress: 'ada@example.com',
      subject: 'Photos of the cake',
      status: 'failed',
      name: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
    });
    const raw = Buffer.from(kept?.raw as Uint8Array).toString('latin1');
    expect(raw).toContain('Subject: Photos of the cake');
    expect(raw).not.toContain('Here they are');
    expect(raw.length).toBeLessThan(1_000);
    expect(kept?.lastError).toContain('too large');
    expect(kept?.lastError).toContain('0.2 MB');
    expect(kept?.lastError).toContain('Ada Lovelace <ada@example.com>');
    expect(kept?.text).toContain('too large');
    expect((await conversationOf('small@example.com'))?.outcome).toBe('question');
  }, 60_000);

  it('an email whose storing keeps failing is kept as failed after three attempts, while the others are taken and the server is not blamed', async () => {
    const server = await mailbox();
    // A real database error for one email only: its text is refused by a trigger.
    if (onPostgres()) {
      await sqlRun(
        `create function refuse_poison() returns trigger language plpgsql as $$
         begin if new.text like '%poison%' then raise exception 'poisoned message'; end if; return new; end $$`,
      );
      await sqlRun(
        'create trigger refuse_poison before insert on messages for each row execute function refuse_poison()',
      );
    } else {
      await sqlRun(
        `create trigger refuse_poison before insert on messages when new.text like '%poison%'
         begin select raise(abort, 'poisoned message'); end`,
      );
    }
    await server.append(email({ id: 'poison@example.com', body: 'A poison question' }));
    await server.append(email({ id: 'fine-1@example.com', from: 'Bo <bo@example.com>' }));
    watch(server);
    await waitUntil(
      'the email after it is taken',
      async () => (await conversationOf('fine-1@example.com'))?.outcome === 'question',
      30_000,
    );
    await waitUntil(
      'the failing one is kept as failed',
      async () => (await conversationOf('poison@example.com')) !== undefined,
      30_000,
    );
    await waitUntilAllSeen(server, 10_000, 'all are marked seen');
    await server.append(email({ id: 'fine-2@example.com', from: 'Cy <cy@example.com>' }));
    await waitUntil(
      'a later email is taken',
      async () => (await conversationOf('fine-2@example.com'))?.outcome === 'question',
      30_000,
    );

    const poison = await conversationOf('poison@example.com');
    expect(poison?.outcome).toBe('unreadable');
    expect(poison?.reason).toMatch(
      /^it could not be stored after 3 attempts \(the last time: poisoned message/,
    );
    expect(poison?.status).toBe('failed');
    expect(poison?.lastError).toContain('Ada <ada@example.com>');
    expect(Buffer.from(poison?.raw as Uint8Array).toString('latin1')).toContain(
      'A poison question',
    );
    const log = logged.join('\n');
    for (const attempt of [1, 2, 3]) {
      expect(log).toContain(
        `<poison@example.com>): attempt ${attempt} of 3 failed: poisoned message`,
      );
    }
    expect(log).toMatch(/email 1 \(\d+ KB, <poison@example\.com>\): unreadable/);
    expect(log).not.toContain(server.password);
    // Each count is cleared once its email is marked seen (the last one's just after it is stored).
    await waitUntil(
      'no attempt is left counted',
      async () => (await sqlValue('select count(*) from inbound_email_attempts')) === 0,
      10_000,
    );
    // The mail server did nothing wrong: its channel has no error.
    const [channel] = await sqlRows<Row>(
      "select last_error as error, last_ok_at as ok from mail_channels where name = 'imap'",
    );
    expect(channel?.error).toBeNull();
    expect(channel?.ok).not.toBeNull();
  }, 90_000);
});
