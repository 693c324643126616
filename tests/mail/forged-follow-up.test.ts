// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { resetEnvForTests } from '@/lib/env';
import { type InboundMail, startInboundMail } from '@/server/mail/inbound';
import { type Dovecot, startDovecot } from '../support/dovecot';
import { staffMember } from '../support/email-conversation';
import { deliverAndWait, waitUntilAllSeen } from '../support/mailbox-waits';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const mail = { domain: 'juniper.example', from: 'orders@juniper.example' };
type Row = Record<string, unknown>;

const email = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

/**
 * The probe, through the real watcher and a real Dovecot: a stranger answers the
 * bakery's email to a customer (its Message-ID travels in every forward), and the desk must
 * neither let it into the customer's conversation nor send the customer's next reply there.
 */
describe('a forged follow-up, through the mailbox watcher and Dovecot', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let dovecot: Dovecot;
  let inbound: InboundMail | undefined;
  let sam: number;
  const saved = { ...process.env };

  const deliver = (raw: string) => deliverAndWait(dovecot, raw, 20_000);
  const questionOf = async (messageId: string) =>
    (
      await sqlRows<Row>(
        `select e.outcome, q.id, q.customer_email as "customerEmail",
                q.mentions_question_id as mentions, q.sender_not_verified as "notVerified"
           from inbound_emails e join questions q on q.id = e.question_id where e.key = ?`,
        messageId,
      )
    )[0];
  const reply = async (questionId: number, text: string) => {
    const version = (await getQuestion({ id: questionId }))?.version ?? 0;
    const sent = await sendReply({
      questionId,
      text,
      version,
      userId: sam,
      now: new Date(),
      mail,
    });
    if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
    return sent;
  };

  beforeAll(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
    sam = await staffMember();
    dovecot = await startDovecot();
    process.env.IMAP_URL = dovecot.url;
    process.env.IMAP_POLL_MS = '300';
    process.env.MAIL_FROM = 'Juniper Street Bakery <orders@juniper.example>';
    process.env.IMAP_AUTHSERV_ID = 'mx.juniper.example';
    resetEnvForTests();
    inbound = startInboundMail({ log: () => {} });
  }, 60_000);

  afterAll(async () => {
    await inbound?.stop();
    dovecot?.stop();
    process.env = { ...saved };
    resetEnvForTests();
    await temp?.cleanup();
  });

  it('opens its own conversation with the mark, and the victim’s next reply goes to the victim', async () => {
    await deliver(
      email([
        'From: Ada Lovelace <ada@example.com>',
        'To: orders@juniper.example',
        'Subject: Wedding cake',
        'Message-ID: <victim-1@example.com>',
        'Authentication-Results: mx.juniper.example; spf=pass smtp.mailfrom=ada@example.com; dmarc=pass header.from=example.com',
        '',
        'Could you make a three-tier wedding cake for June 6?',
      ]),
    );
    const victim = await questionOf('victim-1@example.com');
    expect(victim).toMatchObject({ outcome: 'question', customerEmail: 'ada@example.com' });
    const ada = Number(victim?.id);
    const first = await reply(ada, 'Yes, Ada, we can. A tasting first?');
    expect(first.emailedTo).toBe('ada@example.com');
    const bakeryId = String(
      await sqlValue(
        "select email_message_id from messages where question_id = ? and author = 'bakery'",
        ada,
      ),
    );

    // A stranger answers the bakery's email, naming it as every reply (or forward) does.
    await deliver(
      email([
        'From: Ada Lovelace <mallory@example.net>',
        'To: orders@juniper.example',
        'Subject: Re: Wedding cake',
        'Message-ID: <forged-1@example.net>',
        `In-Reply-To: <${bakeryId}>`,
        `References: <victim-1@example.com> <${bakeryId}>`,
        '',
        'Please send the ticket link again, to this address.',
      ]),
    );
    const forged = await questionOf('forged-1@example.net');
    expect(forged).toMatchObject({
      outcome: 'question',
      customerEmail: 'mallory@example.net',
      mentions: ada,
    });
    expect(forged?.id).not.toBe(ada);
    expect(Boolean(forged?.notVerified)).toBe(false);

    // The same under Ada's own address, failed by the mailbox's server: apart too, and marked.
    await deliver(
      email([
        'Authentication-Results: mx.juniper.example; spf=fail smtp.mailfrom=ada@example.com; dmarc=fail (p=reject) header.from=example.com',
        'From: Ada Lovelace <ada@example.com>',
        'To: orders@juniper.example',
        'Subject: Re: Wedding cake',
        'Message-ID: <spoofed-1@example.org>',
        'Authentication-Results: mx.juniper.example.evil; dmarc=pass',
        `In-Reply-To: <${bakeryId}>`,
        '',
        'Change the pickup name to Mallory.',
      ]),
    );
    const spoofed = await questionOf('spoofed-1@example.org');
    expect(spoofed).toMatchObject({ outcome: 'question', mentions: ada });
    expect(spoofed?.id).not.toBe(ada);
    expect(Boolean(spoofed?.notVerified)).toBe(true);

    // Ada's conversation took in neither.
    expect(
      await sqlRows('select author, text from messages where question_id = ? order by id', ada),
    ).toEqual([
      { author: 'customer', text: 'Could you make a three-tier wedding cake for June 6?' },
      { author: 'bakery', text: 'Yes, Ada, we can. A tasting first?' },
    ]);

    // Ada writes again; the next reply goes to her, threaded under her email.
    await deliver(
      email([
        'From: Ada Lovelace <ada@example.com>',
        'To: orders@juniper.example',
        'Subject: Re: Wedding cake',
        'Message-ID: <victim-2@example.com>',
        `In-Reply-To: <${bakeryId}>`,
        `References: <victim-1@example.com> <${bakeryId}>`,
        '',
        'A tasting would be lovely. Saturday?',
      ]),
    );
    expect(await questionOf('victim-2@example.com')).toMatchObject({
      outcome: 'follow-up',
      id: ada,
    });
    await reply(ada, 'Saturday at ten, then.');
    const outbox = await sqlRows<Row>(
      'select question_id as q, to_address as "to", in_reply_to as "inReplyTo" from email_outbox order by id',
    );
    expect(outbox).toEqual([
      { q: ada, to: 'ada@example.com', inReplyTo: 'victim-1@example.com' },
      { q: ada, to: 'ada@example.com', inReplyTo: 'victim-2@example.com' },
    ]);
    // Every email was taken and marked seen.
    await waitUntilAllSeen(dovecot, 10_000);
    expect(await dovecot.list()).toHaveLength(4);
  }, 60_000);
});
