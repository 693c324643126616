// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCustomerMessage } from '@/db/conversations';
import { getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { ticketReference } from '@/lib/mail/thread';
import { takeEmail } from '@/server/mail/inbound';
import { staffMember } from '../support/email-conversation';
import { sqlRows, sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const own = ['orders@juniper.example'];
let counter = 0;
function email({
  from = 'Ada <ada@example.com>',
  subject,
  body = 'Do you have rye bread?',
  extra = '',
}: {
  from?: string;
  subject: string;
  body?: string;
  extra?: string;
}): Buffer {
  counter += 1;
  return Buffer.from(
    `From: ${from}\r\nTo: orders@juniper.example\r\nSubject: ${subject}\r\nMessage-ID: <t-${counter}@example.com>\r\n${extra}\r\n${body}\r\n`,
  );
}

describe('which conversation an email joins', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(() => temp.cleanup());

  it('the same sender about the same subject joins; another sender or subject does not', async () => {
    const first = await takeEmail(email({ subject: 'Rye loaf' }), { own });
    expect(first.row.outcome).toBe('question');
    const again = await takeEmail(email({ subject: 'RE: rye loaf', body: 'Two, please.' }), {
      own,
    });
    expect(again.row).toMatchObject({ outcome: 'follow-up', questionId: first.row.questionId });
    const other = await takeEmail(email({ from: 'bob@example.com', subject: 'Rye loaf' }), { own });
    expect(other.row.outcome).toBe('question');
    const otherSubject = await takeEmail(email({ subject: 'Cinnamon buns' }), { own });
    expect(otherSubject.row.outcome).toBe('question');
  });

  it('an old conversation is not joined by subject, past two weeks', async () => {
    const old = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000);
    const first = await takeEmail(email({ subject: 'Bagels' }), { own, now: old });
    const later = await takeEmail(email({ subject: 'Re: Bagels' }), { own });
    expect(later.row.outcome).toBe('question');
    expect(later.row.questionId).not.toBe(first.row.questionId);
  });

  it('the ticket reference joins only from the conversation’s own customer', async () => {
    const first = await takeEmail(email({ subject: 'Wedding cake' }), { own });
    const id = Number(first.row.questionId);
    const stranger = await takeEmail(
      email({ from: 'mallory@example.com', subject: `Re: anything ${ticketReference(id)}` }),
      { own },
    );
    expect(stranger.row.outcome).toBe('question');
    const customer = await takeEmail(
      email({ subject: `Different words ${ticketReference(id)}`, body: 'Make it three tiers.' }),
      { own },
    );
    expect(customer.row).toMatchObject({ outcome: 'follow-up', questionId: id });
  });

  it('a follow-up puts a sent conversation back in the queue', async () => {
    const first = await takeEmail(email({ subject: 'Scones' }), { own });
    const id = Number(first.row.questionId);
    await sqlRun("update questions set status = 'sent' where id = ?", id);
    await takeEmail(email({ subject: 'Re: Scones', body: 'And jam?' }), { own });
    const row = (await sqlRows('select status from questions where id = ?', id))[0];
    expect(row).toEqual({ status: 'queued' });
  });

  it('an email into an erased conversation starts a new one', async () => {
    const first = await takeEmail(email({ subject: 'Pretzels' }), { own });
    const id = Number(first.row.questionId);
    await sqlRun('update questions set erased_at = 1 where id = ?', id);
    const later = await takeEmail(email({ subject: 'Re: Pretzels' }), { own });
    expect(later.row.outcome).toBe('question');
    expect(later.row.questionId).not.toBe(id);
    // Other channels still cannot write into it either.
    expect(
      await addCustomerMessage({
        thread: { externalId: 'x', channel: 'api' },
        text: 'hi',
        channel: 'api',
      }),
    ).toEqual({
      ok: false,
      reason: 'notFound',
    });
  });

  it('mail naming a Message-ID the desk already holds is stored without taking the id', async () => {
    const first = await takeEmail(email({ subject: 'Muffins' }), { own });
    await sqlRun(
      "update messages set email_message_id = 'sent-by-desk@juniper.example' where id = ?",
      first.row.messageId,
    );
    const unreadable = await takeEmail(
      Buffer.from(
        'Subject: no sender\r\nMessage-ID: <sent-by-desk@juniper.example>\r\n\r\nhello\r\n',
      ),
      { own },
    );
    expect(unreadable.row.outcome).toBe('unreadable');
    expect(
      (
        await sqlRows(
          'select email_message_id from messages where id = ?',
          unreadable.row.messageId,
        )
      )[0],
    ).toEqual({ email_message_id: null });
    const copy = await takeEmail(
      Buffer.from(
        'From: ada@example.com\r\nSubject: Muffins\r\nMessage-ID: <sent-by-desk@juniper.example>\r\n\r\nhi\r\n',
      ),
      { own },
    );
    expect(copy.duplicate).toBe(true);
  });
});

/** What the conversation an email went to says about it. */
async function conversation(id: number | null) {
  return (
    await sqlRows(
      `select customer_email as "customerEmail", mentions_question_id as "mentions",
              sender_not_verified as "notVerified", status from questions where id = ?`,
      id,
    )
  )[0] as { customerEmail: string | null; mentions: number | null; notVerified: unknown };
}

describe('a stranger cannot write into someone else’s conversation', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(() => temp.cleanup());

  it('an email naming a conversation’s Message-ID from another address opens its own, marked', async () => {
    const first = await takeEmail(email({ subject: 'Birthday cake' }), { own });
    const named = `<t-${counter}@example.com>`;
    const forged = await takeEmail(
      email({
        from: 'Ada Lovelace <mallory@example.net>',
        subject: 'Re: Birthday cake',
        body: 'Please send the ticket link here.',
        extra: `In-Reply-To: ${named}\r\nReferences: ${named}\r\n`,
      }),
      { own },
    );
    expect(forged.row.outcome).toBe('question');
    expect(forged.row.questionId).not.toBe(first.row.questionId);
    expect(await conversation(forged.row.questionId)).toMatchObject({
      customerEmail: 'mallory@example.net',
      mentions: first.row.questionId,
    });
    // Only References, naming it among others, is no different.
    const refs = await takeEmail(
      email({
        from: 'eve@example.org',
        subject: 'Something else',
        extra: `References: <unknown@example.org> ${named}\r\n`,
      }),
      { own },
    );
    expect(await conversation(refs.row.questionId)).toMatchObject({
      mentions: first.row.questionId,
    });
    // The customer's own reply still joins, and their conversation has no mark.
    const ownReply = await takeEmail(
      email({
        subject: 'Re: Birthday cake',
        body: 'Chocolate, please.',
        extra: `In-Reply-To: ${named}\r\n`,
      }),
      { own },
    );
    expect(ownReply.row).toMatchObject({ outcome: 'follow-up', questionId: first.row.questionId });
    expect(await conversation(first.row.questionId)).toMatchObject({ mentions: null });
  });

  it('the same address in another case or Unicode form is the customer', async () => {
    const first = await takeEmail(email({ subject: 'Éclairs' }), { own });
    const named = `<t-${counter}@example.com>`;
    // Stored as the customer once typed it on the ask form, say.
    await sqlRun(
      'update questions set customer_email = ? where id = ?',
      'ＡＤＡ@Example.COM',
      first.row.questionId,
    );
    const reply = await takeEmail(
      email({
        from: 'ADA@EXAMPLE.COM',
        subject: 'Re: Éclairs',
        extra: `In-Reply-To: ${named}\r\n`,
      }),
      { own },
    );
    expect(reply.row).toMatchObject({ outcome: 'follow-up', questionId: first.row.questionId });
    const lookAlike = await takeEmail(
      email({
        from: 'аda@example.com',
        subject: 'Re: Éclairs',
        extra: `In-Reply-To: ${named}\r\n`,
      }),
      { own },
    );
    expect(lookAlike.row.outcome).toBe('question');
    expect(await conversation(lookAlike.row.questionId)).toMatchObject({
      mentions: first.row.questionId,
    });
  });

  it('a ticket reference from another address is a mention, not a follow-up', async () => {
    const first = await takeEmail(email({ subject: 'Sourdough starter' }), { own });
    const id = Number(first.row.questionId);
    const stranger = await takeEmail(
      email({ from: 'mallory@example.com', subject: `Re: ${ticketReference(id)}` }),
      { own },
    );
    expect(stranger.row.outcome).toBe('question');
    expect(await conversation(stranger.row.questionId)).toMatchObject({ mentions: id });
    // A subject alone names nothing: the same subject from a stranger has no mark.
    const sameSubject = await takeEmail(
      email({ from: 'bob@example.com', subject: 'Sourdough starter' }),
      { own },
    );
    expect(await conversation(sameSubject.row.questionId)).toMatchObject({ mentions: null });
  });

  it('a sender the mailbox’s own server failed (DMARC or SPF) never joins, even from the customer’s address', async () => {
    const authservId = 'mx.juniper.example';
    const first = await takeEmail(email({ subject: 'Rye rolls' }), { own, authservId });
    const named = `<t-${counter}@example.com>`;
    const failed = await takeEmail(
      email({
        subject: 'Re: Rye rolls',
        extra: `Authentication-Results: mx.juniper.example; spf=fail smtp.mailfrom=ada@example.com; dmarc=fail header.from=example.com\r\nAuthentication-Results: mx.forger.example; dmarc=pass\r\nIn-Reply-To: ${named}\r\n`,
      }),
      { own, authservId },
    );
    expect(failed.row.outcome).toBe('question');
    expect(failed.row.questionId).not.toBe(first.row.questionId);
    const marked = await conversation(failed.row.questionId);
    expect(marked.mentions).toBe(first.row.questionId);
    expect(Boolean(marked.notVerified)).toBe(true);
    // Not by subject either.
    const bySubject = await takeEmail(
      email({
        subject: 'Re: Rye rolls',
        extra: 'Authentication-Results: mx.juniper.example; dmarc=fail\r\n',
      }),
      { own, authservId },
    );
    expect(bySubject.row.outcome).toBe('question');
    // The forger's own header under another server's name is not believed.
    const forgedFail = await takeEmail(
      email({
        subject: 'Re: Rye rolls',
        extra: `Authentication-Results: mx.other.example; dmarc=fail\r\nIn-Reply-To: ${named}\r\n`,
      }),
      { own, authservId },
    );
    expect(forgedFail.row).toMatchObject({
      outcome: 'follow-up',
      questionId: first.row.questionId,
    });
    // A pass joins, and the customer's conversation is not marked.
    const passed = await takeEmail(
      email({
        subject: 'Re: Rye rolls',
        extra: `Authentication-Results: mx.juniper.example; spf=pass; dmarc=pass\r\nIn-Reply-To: ${named}\r\n`,
      }),
      { own, authservId },
    );
    expect(passed.row).toMatchObject({ outcome: 'follow-up', questionId: first.row.questionId });
    expect(Boolean((await conversation(first.row.questionId)).notVerified)).toBe(false);
    // Without IMAP_AUTHSERV_ID nothing is read.
    const unread = await takeEmail(
      email({
        subject: 'Re: Rye rolls',
        extra: `Authentication-Results: mx.juniper.example; dmarc=fail\r\nIn-Reply-To: ${named}\r\n`,
      }),
      { own },
    );
    expect(unread.row).toMatchObject({ outcome: 'follow-up', questionId: first.row.questionId });
  });

  it('a reply goes to the conversation’s customer, not to a later email’s sender', async () => {
    const mail = { domain: 'juniper.example', from: 'orders@juniper.example' };
    const first = await takeEmail(email({ subject: 'Baguettes' }), { own });
    const id = Number(first.row.questionId);
    // A later email in the thread from another address (as a merge by staff leaves it).
    await sqlRun(
      `insert into messages (question_id, author, channel, text, at, email_message_id, email_subject, email_from)
       values (?, 'customer', 'email', 'Send it to me instead.', ?, 'later@example.net', 'Re: Baguettes [other]', 'mallory@example.net')`,
      id,
      Date.now(),
    );
    const sam = await staffMember();
    const version = (await getQuestion({ id }))?.version ?? 0;
    const sent = await sendReply({
      questionId: id,
      text: 'Yes, baguettes all day.',
      version,
      userId: sam,
      now: new Date(),
      mail,
    });
    expect(sent).toMatchObject({ ok: true, emailedTo: 'ada@example.com' });
    const [outbox] = await sqlRows(
      'select to_address as "to", in_reply_to as "inReplyTo", subject from email_outbox where question_id = ?',
      id,
    );
    // Threaded under the customer's own email, in its words.
    expect(outbox).toEqual({
      to: 'ada@example.com',
      inReplyTo: `t-${counter}@example.com`,
      subject: 'Re: Baguettes',
    });
  });
});
