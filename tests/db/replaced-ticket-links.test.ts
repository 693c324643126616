// @module-tag postgres: replaced ticket links kept as hashes, which open nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCustomerMessage } from '@/db/conversations';
import {
  createQuestion,
  getQuestion,
  getQuestionByTicket,
  isReplacedTicket,
  replaceTicketToken,
} from '@/db/questions';
import { sendReply } from '@/db/replies';
import { eraseExpiredConversations } from '@/db/retention';
import { createUser } from '@/db/users';
import { hashTicketToken } from '@/lib/intake/ticket-token';
import { answerReplyByTicket, replyToAnswer } from '@/server/reply-feedback';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 9, minute));
const count = async (sql: string, ...args: unknown[]) => Number(await sqlValue(sql, ...args));

/**
 * A conversation with two links: the first one, from /ask, and the one its reply's email
 * carried. Returns them with the id of the bakery's message the customer could answer about.
 */
async function answeredByEmail() {
  const user = await createUser({
    email: 'sam@example.com',
    name: 'Sam',
    role: 'staff',
    passwordHash: 'x',
    now: at(0),
  });
  if (!user.ok) throw new Error(user.reason);
  const stored = await createQuestion({
    text: 'Do you bake spelt bread on Mondays?',
    customerName: 'Greta',
    customerEmail: 'greta@example.com',
    channel: 'web',
    now: at(1),
  });
  if (!stored.created) throw new Error('the question was not stored');
  const questionId = stored.question.id;
  const sent = await sendReply({
    questionId,
    text: 'We do, from 7 am.',
    version: (await getQuestion({ id: questionId }))?.version ?? 0,
    userId: user.user.id,
    now: at(2),
    mail: { domain: 'bakery.example', from: 'Bakery <desk@bakery.example>' },
  });
  if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
  const emailed = String(
    await sqlValue('select ticket_token from email_outbox where question_id = ?', questionId),
  );
  const messageId = await count(
    "select id from messages where question_id = ? and author = 'bakery'",
    questionId,
  );
  return { questionId, first: stored.ticketToken, emailed, messageId };
}

beforeEach(async () => {
  temp = await useTempDatabase();
});
afterEach(() => temp.cleanup());

describe('a replaced ticket link', () => {
  it('keeps the hashes of the first link and of every emailed link, and no token', async () => {
    const { questionId, first, emailed } = await answeredByEmail();
    expect((await getQuestionByTicket({ token: emailed }))?.id).toBe(questionId);

    const replaced = await replaceTicketToken({ id: questionId, now: at(5) });
    if (!replaced.ok) throw new Error('not replaced');
    const kept = await sqlRows<{ hash: string }>(
      'select hash from replaced_ticket_links where question_id = ? order by hash',
      questionId,
    );
    expect(kept.map((row) => row.hash)).toEqual(
      [hashTicketToken(first), hashTicketToken(emailed)].sort(),
    );
    expect(
      await count('select count(*) from ticket_tokens where question_id = ?', questionId),
    ).toBe(0);
    for (const old of [first, emailed]) expect(await isReplacedTicket({ token: old })).toBe(true);
    expect(await isReplacedTicket({ token: replaced.ticketToken })).toBe(false);
    expect(await isReplacedTicket({ token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).toBe(false);
    expect((await getQuestionByTicket({ token: replaced.ticketToken }))?.id).toBe(questionId);

    // Replaced again, the newer link joins the old ones and the old ones stay as they were.
    const again = await replaceTicketToken({ id: questionId, now: at(6) });
    if (!again.ok) throw new Error('not replaced');
    expect(await count('select count(*) from replaced_ticket_links')).toBe(3);
    for (const old of [first, emailed, replaced.ticketToken]) {
      expect(await isReplacedTicket({ token: old })).toBe(true);
    }
  });

  it('opens nothing: not the conversation, its feedback confirmation, an answer or a write-back', async () => {
    const { questionId, first, emailed, messageId } = await answeredByEmail();
    await replaceTicketToken({ id: questionId, now: at(5) });
    const messages = await count('select count(*) from messages');
    for (const token of [first, emailed]) {
      expect(await getQuestionByTicket({ token })).toBeUndefined();
      expect(await replyToAnswer({ token, reply: messageId, now: at(10) })).toBeUndefined();
      expect(
        await answerReplyByTicket({ token, reply: messageId, answer: 'yes', now: at(10) }),
      ).toEqual({ ok: false, reason: 'notFound' });
      expect(
        await addCustomerMessage({ thread: { token }, text: 'Still there?', channel: 'web' }),
      ).toEqual({ ok: false, reason: 'notFound' });
    }
    expect(await count('select count(*) from reply_feedback')).toBe(0);
    expect(await count('select count(*) from messages')).toBe(messages);
  });

  it('stays replaced when its conversation is erased, as the links that work stay', async () => {
    const { questionId, first } = await answeredByEmail();
    const replaced = await replaceTicketToken({ id: questionId, now: at(5) });
    if (!replaced.ok) throw new Error('not replaced');
    await sqlRun('update bakery set retention_days = 1');
    const { erased } = await eraseExpiredConversations({ now: at(3 * 24 * 60), by: null });
    expect(erased).toBeGreaterThanOrEqual(1);
    expect((await getQuestion({ id: questionId }))?.erasedAt).not.toBeNull();
    // Only hashes, nothing the customer wrote: the old link still says it was replaced, and the
    // current one still opens the (erased) conversation.
    expect(await isReplacedTicket({ token: first })).toBe(true);
    expect((await getQuestionByTicket({ token: replaced.ticketToken }))?.id).toBe(questionId);
  });
});
