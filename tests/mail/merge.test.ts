// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeConversation } from '@/db/conversation-merge';
import { listInbox } from '@/db/inbox';
import { getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { groupOf } from '@/lib/inbox/groups';
import { ticketReference } from '@/lib/mail/thread';
import { takeEmail } from '@/server/mail/inbound';
import { staffMember } from '../support/email-conversation';
import { sqlRows } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';
import { startCountingWrites } from '../support/write-count';

const own = ['orders@juniper.example'];
const mail = { domain: 'juniper.example', from: 'orders@juniper.example' };
let counter = 0;

function email({
  from,
  subject,
  body = 'Do you have rye bread?',
  inReplyTo,
}: {
  from: string;
  subject: string;
  body?: string;
  inReplyTo?: string;
}): { raw: Buffer; id: string } {
  counter += 1;
  const id = `m-${counter}@example.com`;
  const threading = inReplyTo ? `In-Reply-To: <${inReplyTo}>\r\n` : '';
  return {
    id,
    raw: Buffer.from(
      `From: ${from}\r\nTo: orders@juniper.example\r\nSubject: ${subject}\r\nMessage-ID: <${id}>\r\n${threading}\r\n${body}\r\n`,
    ),
  };
}

async function take(message: { raw: Buffer }) {
  const stored = await takeEmail(message.raw, { own });
  return { ...stored.row, questionId: Number(stored.row.questionId) };
}

const version = async (id: number) => (await getQuestion({ id }))?.version ?? 0;

describe('staff merge a conversation that mentions another into it', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let sam: number;
  beforeEach(async () => {
    temp = await useTempDatabase();
    sam = await staffMember();
  });
  afterEach(() => temp.cleanup());

  /** Ada asks, the bakery answers by email, then her colleague writes from another address. */
  async function mention() {
    const first = email({ from: 'Ada <ada@example.com>', subject: 'Office cake' });
    const target = (await take(first)).questionId;
    const sent = await sendReply({
      questionId: target,
      text: 'Yes, we can make it.',
      version: await version(target),
      userId: sam,
      now: new Date(),
      mail,
    });
    if (!sent.ok) throw new Error(sent.reason);
    const [reply] = await sqlRows<{ id: string }>(
      "select email_message_id as id from messages where question_id = ? and author = 'bakery'",
      target,
    );
    const colleague = email({
      from: 'Grace <grace@example.org>',
      subject: 'Re: Office cake',
      body: 'Make it lemon, please; I am Ada’s colleague.',
      inReplyTo: reply?.id,
    });
    const stored = await take(colleague);
    expect(stored.outcome).toBe('question');
    return { target, source: stored.questionId, replyId: String(reply?.id) };
  }

  it('moves the messages and emails, closes the other as merged, re-queues and audits', async () => {
    const { target, source } = await mention();
    expect(
      await sqlRows('select mentions_question_id as m from questions where id = ?', source),
    ).toEqual([{ m: target }]);
    // The inbox's row carries the mark, with the other conversation's address to compare.
    const rows = await listInbox({ group: groupOf('queued'), page: 1, pageSize: 50 });
    expect(rows.find((row) => row.id === source)).toMatchObject({
      customerEmail: 'grace@example.org',
      mentionsQuestionId: target,
      mentionedEmail: 'ada@example.com',
      senderNotVerified: false,
    });
    expect(rows.find((row) => row.id === target)).toBeUndefined();
    const merged = await mergeConversation({
      sourceId: source,
      sourceVersion: await version(source),
      targetId: target,
      targetVersion: await version(target),
      replyTo: 'kept',
      userId: sam,
      now: new Date(),
    });
    expect(merged).toMatchObject({ ok: true, repliesTo: 'ada@example.com' });
    const thread = await sqlRows<{ author: string; text: string }>(
      'select author, text from messages where question_id = ? order by id',
      target,
    );
    expect(thread.map((message) => message.author)).toEqual(['customer', 'bakery', 'customer']);
    expect(thread[2]?.text).toContain('Make it lemon');
    expect(
      await sqlRows('select count(*) as n from messages where question_id = ?', source),
    ).toEqual([{ n: 0 }]);
    expect(await sqlRows('select question_id as q from inbound_emails order by id')).toEqual([
      { q: target },
      { q: target },
    ]);
    const stored = await sqlRows<Record<string, unknown>>(
      `select id, status, merged_into_id as "mergedInto", discard_reason as reason, customer_email as email
         from questions where id in (?, ?) order by id`,
      target,
      source,
    );
    expect(stored).toEqual([
      { id: target, status: 'queued', mergedInto: null, reason: null, email: 'ada@example.com' },
      {
        id: source,
        status: 'discarded',
        mergedInto: target,
        reason: `Merged into conversation #${target}`,
        email: 'grace@example.org',
      },
    ]);
    const audit = await sqlRows<{ action: string; entity_id: string; after: string }>(
      "select action, entity_id, after from audit_log where action like 'conversation.%' order by id",
    );
    expect(audit.map((row) => [row.action, row.entity_id])).toEqual([
      ['conversation.merge', String(source)],
    ]);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
      mergedInto: target,
      messagesMoved: 1,
    });

    // The next reply still goes to Ada; Grace writing again is a new mention of the merged thread.
    const again = await take(
      email({ from: 'grace@example.org', subject: `Re: Office cake ${ticketReference(source)}` }),
    );
    expect(again.outcome).toBe('question');
    expect(
      await sqlRows(
        'select mentions_question_id as m from questions where id = ?',
        again.questionId,
      ),
    ).toEqual([{ m: target }]);
    const reply = await sendReply({
      questionId: target,
      text: 'Lemon it is.',
      version: await version(target),
      userId: sam,
      now: new Date(),
      mail,
    });
    expect(reply).toMatchObject({ ok: true, emailedTo: 'ada@example.com' });
  });

  it('replies go to the other address only when staff choose it, and that choice is audited', async () => {
    const { target, source, replyId } = await mention();
    const merged = await mergeConversation({
      sourceId: source,
      sourceVersion: await version(source),
      targetId: target,
      targetVersion: await version(target),
      replyTo: 'other',
      userId: sam,
      now: new Date(),
    });
    expect(merged).toMatchObject({ ok: true, repliesTo: 'grace@example.org' });
    const audit = await sqlRows<{ action: string; entity_id: string; after: string }>(
      "select action, entity_id, after from audit_log where action like 'conversation.%' order by id",
    );
    expect(audit.map((row) => [row.action, row.entity_id])).toEqual([
      ['conversation.merge', String(source)],
      ['conversation.replyAddress', String(target)],
    ]);
    // The audit names the choice, not the addresses: it outlives the conversation's erasure.
    expect(JSON.stringify(audit)).not.toMatch(/@example/);
    const sent = await sendReply({
      questionId: target,
      text: 'Lemon, yes.',
      version: await version(target),
      userId: sam,
      now: new Date(),
      mail,
    });
    expect(sent).toMatchObject({ ok: true, emailedTo: 'grace@example.org' });
    // Now Grace is the customer: her reply to the bakery's email joins; Ada's no longer does.
    const graceAgain = await take(
      email({ from: 'grace@example.org', subject: 'Re: Office cake', inReplyTo: replyId }),
    );
    expect(graceAgain).toMatchObject({ outcome: 'follow-up', questionId: target });
    const adaAgain = await take(
      email({ from: 'ada@example.com', subject: 'Re: Office cake', inReplyTo: replyId }),
    );
    expect(adaAgain.outcome).toBe('question');
  });

  it('refuses, writing nothing, at an older version, into another conversation, or twice', async () => {
    const { target, source } = await mention();
    const other = (await take(email({ from: 'bob@example.com', subject: 'Bagels' }))).questionId;
    const writes = await startCountingWrites();
    const before = await writes();
    const base = {
      sourceId: source,
      sourceVersion: await version(source),
      targetId: target,
      targetVersion: await version(target),
      replyTo: 'kept' as const,
      userId: sam,
      now: new Date(),
    };
    expect(await mergeConversation({ ...base, targetVersion: base.targetVersion - 1 })).toEqual({
      ok: false,
      reason: 'changed',
    });
    expect(await mergeConversation({ ...base, sourceVersion: base.sourceVersion + 1 })).toEqual({
      ok: false,
      reason: 'changed',
    });
    expect(
      await mergeConversation({ ...base, targetId: other, targetVersion: await version(other) }),
    ).toEqual({ ok: false, reason: 'notMentioned' });
    expect(await mergeConversation({ ...base, sourceId: 99_999 })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(await writes()).toBe(before);
    expect(await mergeConversation(base)).toMatchObject({ ok: true });
    expect(await mergeConversation({ ...base, sourceVersion: await version(source) })).toEqual({
      ok: false,
      reason: 'alreadyMerged',
    });
  });

  it('a conversation already answered is not merged', async () => {
    const { target, source } = await mention();
    const sent = await sendReply({
      questionId: source,
      text: 'Who is this?',
      version: await version(source),
      userId: sam,
      now: new Date(),
      mail,
    });
    expect(sent).toMatchObject({ ok: true, emailedTo: 'grace@example.org' });
    expect(
      await mergeConversation({
        sourceId: source,
        sourceVersion: await version(source),
        targetId: target,
        targetVersion: await version(target),
        replyTo: 'kept',
        userId: sam,
        now: new Date(),
      }),
    ).toEqual({ ok: false, reason: 'answered' });
  });
});
