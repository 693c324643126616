import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuestion, getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { createUser } from '@/db/users';
import { type DeskEvent, onDeskEvent } from '@/server/drafting/live';
import { answerReplyByTicket, replyToAnswer } from '@/server/reply-feedback';
import { sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * The ticket token is the customer's only key to answer about a reply: as the ticket page reads
 * it, and only for that conversation's sent replies. Opening an email link's confirmation reads.
 */
let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let sam = 0;
const now = new Date();

beforeEach(async () => {
  temp = await useTempDatabase();
  const user = await createUser({
    email: 'sam@example.com',
    name: 'Sam',
    role: 'staff',
    passwordHash: 'x',
    now,
  });
  if (!user.ok) throw new Error(user.reason);
  sam = user.user.id;
});
afterEach(() => temp.cleanup());

async function ticketWithReply(text: string) {
  const stored = await createQuestion({
    text,
    customerName: 'Lena',
    customerEmail: null,
    channel: 'web',
    now,
  });
  if (!stored.created) throw new Error('not created');
  const id = stored.question.id;
  const version = (await getQuestion({ id }))?.version ?? 0;
  const sent = await sendReply({ questionId: id, text: 'Yes, we do.', version, userId: sam, now });
  if (!sent.ok) throw new Error(sent.reason);
  const reply = Number(
    await sqlValue("select id from messages where question_id = ? and author = 'bakery'", id),
  );
  return { token: stored.ticketToken, reply };
}

const answers = async () => Number(await sqlValue('select count(*) from reply_feedback'));

describe('answering a reply by ticket link', () => {
  it('opens the confirmation for its own reply, recording nothing', async () => {
    const ticket = await ticketWithReply('Rye?');
    expect(await replyToAnswer({ ...ticket, now })).toMatchObject({
      reply: { messageId: ticket.reply, text: 'Yes, we do.' },
      given: undefined,
    });
    expect(await answers()).toBe(0);
  });

  it("finds nothing for another ticket's reply, a mistyped token or a token of no ticket", async () => {
    const mine = await ticketWithReply('Rye?');
    const theirs = await ticketWithReply('Spelt?');
    for (const token of [mine.token, `${mine.token.slice(0, -1)}x`, 'short', '../../admin']) {
      const reply = token === mine.token ? theirs.reply : mine.reply;
      expect(await replyToAnswer({ token, reply, now })).toBeUndefined();
      expect(
        await answerReplyByTicket({ token, reply, answer: 'yes', comment: 'hi', now }),
      ).toEqual({ ok: false, reason: 'notFound' });
    }
    expect(await answers()).toBe(0);
  });

  it('tells the inbox of a recorded answer, so an open conversation shows it, and of nothing refused', async () => {
    const ticket = await ticketWithReply('Rye?');
    const heard: DeskEvent[] = [];
    const stop = onDeskEvent((event) => heard.push(event));
    try {
      await answerReplyByTicket({ ...ticket, reply: ticket.reply + 1000, answer: 'no', now });
      expect(heard).toEqual([]);
      await answerReplyByTicket({ ...ticket, answer: 'yes', now });
    } finally {
      stop();
    }
    const questionId = Number(await sqlValue('select question_id from reply_feedback'));
    expect(heard).toEqual([{ kind: 'queueChanged', questionId }]);
  });

  it('records the answer, and the confirmation then shows it', async () => {
    const ticket = await ticketWithReply('Rye?');
    expect(
      await answerReplyByTicket({ ...ticket, answer: 'no', comment: 'Which days?', now }),
    ).toMatchObject({ ok: true });
    expect((await replyToAnswer({ ...ticket, now }))?.given).toMatchObject({
      answer: 'no',
      comment: 'Which days?',
    });
  });
});
