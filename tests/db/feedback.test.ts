// @module-tag postgres: customers' answers under the bakery's replies, one per reply, and their erasure.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  findAnswerableReply,
  listConversationFeedback,
  listFeedbackInRange,
  messageOfReply,
  recordReplyFeedback,
} from '@/db/feedback';
import { inboxChangeStamp } from '@/db/inbox';
import { createQuestion, getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { eraseExpiredConversations } from '@/db/retention';
import { createUser } from '@/db/users';
import { sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let sam = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 9, minute));

beforeEach(async () => {
  temp = await useTempDatabase();
  const user = await createUser({
    email: 'sam@example.com',
    name: 'Sam',
    role: 'staff',
    passwordHash: 'x',
    now: at(0),
  });
  if (!user.ok) throw new Error(user.reason);
  sam = user.user.id;
});
afterEach(() => temp.cleanup());

/** A conversation answered by Sam: its id, and the id of the bakery's message the customer reads. */
async function answered(text: string, minute: number, holdSeconds = 0) {
  const { question } = await createQuestion({
    text,
    customerName: 'Lena',
    customerEmail: 'lena@example.com',
    channel: 'web',
    now: at(minute),
  });
  const version = (await getQuestion({ id: question.id }))?.version ?? 0;
  const sent = await sendReply({
    questionId: question.id,
    text: `About "${text}": yes.`,
    version,
    userId: sam,
    now: at(minute + 1),
    holdSeconds,
  });
  if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
  const messageId = await sqlValue(
    "select id from messages where question_id = ? and author = 'bakery'",
    question.id,
  );
  return { questionId: question.id, messageId: Number(messageId) };
}

const stored = async () => Number(await sqlValue('select count(*) from reply_feedback'));

describe("a customer's answer under a reply", () => {
  it('is recorded once per reply and changed in place, keeping when it was first given', async () => {
    const reply = await answered('Rye on Sunday?', 1);
    const first = await recordReplyFeedback({
      ...reply,
      answer: 'no',
      comment: '  Which rye?  ',
      now: at(10),
    });
    expect(first).toMatchObject({ ok: true, changed: false });
    const again = await recordReplyFeedback({ ...reply, answer: 'yes', comment: '', now: at(20) });
    expect(again).toMatchObject({ ok: true, changed: true });
    expect(await listConversationFeedback({ questionId: reply.questionId })).toEqual([
      {
        messageId: reply.messageId,
        answer: 'yes',
        comment: null,
        answeredAt: at(10),
        changedAt: at(20),
      },
    ]);
    expect(await stored()).toBe(1);
  });

  it("refuses another conversation's reply, the customer's own message and a reply still held", async () => {
    const mine = await answered('Rye on Sunday?', 1);
    const other = await answered('Spelt on Monday?', 2);
    const held = await answered('Cake on Tuesday?', 3, 60);
    const customers = Number(
      await sqlValue(
        "select id from messages where question_id = ? and author = 'customer'",
        mine.questionId,
      ),
    );
    for (const attempt of [
      { questionId: mine.questionId, messageId: other.messageId },
      { questionId: mine.questionId, messageId: customers },
      { questionId: mine.questionId, messageId: 999_999 },
      { ...held, now: at(4) },
    ]) {
      expect(await recordReplyFeedback({ now: at(5), ...attempt, answer: 'yes' })).toEqual({
        ok: false,
        reason: 'notFound',
      });
    }
    expect(await stored()).toBe(0);
    // Once the hold is over the customer reads it, and may answer.
    expect(await findAnswerableReply({ ...held, now: at(10) })).toMatchObject({
      messageId: held.messageId,
    });
  });

  it("names the bakery's message a sent reply became, for the email's links", async () => {
    const reply = await answered('Rye on Sunday?', 1);
    const replyId = Number(
      await sqlValue('select reply_id from messages where id = ?', reply.messageId),
    );
    expect(await messageOfReply({ replyId })).toBe(reply.messageId);
    expect(await messageOfReply({ replyId: replyId + 100 })).toBeUndefined();
  });

  it('refuses a comment longer than the limit at the database too', async () => {
    const reply = await answered('Rye on Sunday?', 1);
    await expect(
      sqlRun(
        "insert into reply_feedback (message_id, question_id, answer, comment, answered_at, changed_at) values (?, ?, 'no', ?, 0, 0)",
        reply.messageId,
        reply.questionId,
        'x'.repeat(1001),
      ),
    ).rejects.toThrow();
  });

  it("lists the answers first given in the dashboard's range, with the reply's sender", async () => {
    const early = await answered('Rye on Sunday?', 1);
    const late = await answered('Spelt on Monday?', 2);
    const outside = await answered('Cake on Tuesday?', 3);
    await recordReplyFeedback({ ...late, answer: 'no', comment: 'Too short', now: at(30) });
    await recordReplyFeedback({ ...early, answer: 'yes', now: at(20) });
    await recordReplyFeedback({ ...outside, answer: 'yes', now: at(40) });
    const rows = await listFeedbackInRange({ from: at(20), to: at(40) });
    expect(rows).toEqual([
      expect.objectContaining({
        questionId: early.questionId,
        answer: 'yes',
        comment: null,
        sentBy: sam,
      }),
      expect.objectContaining({
        questionId: late.questionId,
        answer: 'no',
        comment: 'Too short',
        sentBy: sam,
      }),
    ]);
  });

  it("moves the inbox's change stamp when an answer is given or changed, so an open conversation shows it", async () => {
    const reply = await answered('Rye on Sunday?', 1);
    const before = await inboxChangeStamp();
    await recordReplyFeedback({ ...reply, answer: 'no', now: at(10) });
    const given = await inboxChangeStamp();
    expect(given).not.toBe(before);
    expect(await inboxChangeStamp()).toBe(given);
    await recordReplyFeedback({ ...reply, answer: 'yes', now: at(11) });
    expect(await inboxChangeStamp()).not.toBe(given);
  });

  it('erases the comment with the conversation and keeps the yes or no, and takes no answer after', async () => {
    const reply = await answered('Rye on Sunday?', 1);
    await recordReplyFeedback({
      ...reply,
      answer: 'no',
      comment: 'My address is 1 Main St',
      now: at(10),
    });
    await sqlRun('update bakery set retention_days = 1');
    await eraseExpiredConversations({ now: at(3 * 24 * 60), by: null });
    expect(await listConversationFeedback({ questionId: reply.questionId })).toEqual([
      expect.objectContaining({ answer: 'no', comment: null }),
    ]);
    expect(
      await recordReplyFeedback({
        ...reply,
        answer: 'yes',
        comment: 'again',
        now: at(3 * 24 * 60 + 1),
      }),
    ).toEqual({ ok: false, reason: 'notFound' });
  });
});
