import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCustomerMessage } from '@/db/conversations';
import { ticketReference } from '@/lib/mail/thread';
import { takeEmail } from '@/server/mail/inbound';
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
