// @module-tag postgres: a held reply against the ticket page, the outbox and undo.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listThreadForCustomer } from '@/db/conversations';
import { claimNextEmail } from '@/db/outbox';
import { getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import {
  getUndoSendSeconds,
  listHeldReplies,
  setUndoSendSeconds,
  undoHeldReply,
} from '@/db/undo-send';
import { emailConversation, staffMember } from '../support/email-conversation';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const mail = { from: 'hello@juniper.example', domain: 'juniper.example' };
const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, 0) + ms);
const claim = (now: Date) => claimNextEmail({ owner: 'w1', leaseMs: 60_000, maxAttempts: 3, now });
const bakeryReplies = async (questionId: number, now: Date) =>
  (await listThreadForCustomer({ questionId, now })).filter((m) => m.author === 'bakery');
const count = (table: string) => sqlValue<number>(`select count(*) from ${table}`);

describe('undo send: a reply held before it reaches the customer', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let sam: number;
  let questionId: number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    // The seeded example questions stay out of the way of the outbox and the counts.
    await sqlRun("update questions set status = 'discarded'");
    sam = await staffMember();
    questionId = await emailConversation({
      from: 'cleo@customer.example',
      subject: 'Rye on Saturday',
      messageId: 'c1@customer.example',
      text: 'Do you have rye on Saturday?',
    });
  });
  afterEach(() => temp.cleanup());

  async function send(holdSeconds?: number, text = 'Yes, rye from 8 am.') {
    const version = (await getQuestion({ id: questionId }))?.version ?? 0;
    const sent = await sendReply({
      questionId,
      text,
      version,
      userId: sam,
      now: at(0),
      mail,
      ...(holdSeconds === undefined ? {} : { holdSeconds }),
    });
    if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
    return sent.reply;
  }

  it('sends at once without a hold, as before', async () => {
    const reply = await send();
    expect(reply.heldUntil).toBeNull();
    expect(await bakeryReplies(questionId, at(0))).toHaveLength(1);
    expect((await claim(at(0)))?.replyId).toBe(reply.id);
  });

  it('keeps a held reply off the ticket page and out of the outbox until its release, then delivers it once', async () => {
    const reply = await send(10);
    expect(reply.heldUntil).toEqual(at(10_000));
    expect(await bakeryReplies(questionId, at(0))).toEqual([]);
    expect(await bakeryReplies(questionId, at(9_999))).toEqual([]);
    expect(await claim(at(9_999))).toBeUndefined();
    expect(await listHeldReplies({ userId: sam, now: at(5_000) })).toEqual([
      { replyId: reply.id, questionId, heldUntil: at(10_000) },
    ]);

    expect((await bakeryReplies(questionId, at(10_000))).map((m) => m.text)).toEqual([
      'Yes, rye from 8 am.',
    ]);
    const email = await claim(at(10_000));
    expect(email?.replyId).toBe(reply.id);
    expect(await claim(at(10_001))).toBeUndefined();
    expect(await listHeldReplies({ userId: sam, now: at(10_000) })).toEqual([]);
  });

  it('undo within the hold removes the reply, its message, email and ticket link in one go and puts the text back', async () => {
    const before = await getQuestion({ id: questionId });
    const tokensBefore = await count('ticket_tokens');
    const reply = await send(10, 'Yes, rye from 8 am. See you!');
    expect(await count('ticket_tokens')).toBe(tokensBefore + 1);

    const undone = await undoHeldReply({ replyId: reply.id, userId: sam, now: at(9_000) });
    expect(undone).toMatchObject({ ok: true, questionId, text: 'Yes, rye from 8 am. See you!' });

    expect(await count('replies')).toBe(0);
    expect(await count('email_outbox')).toBe(0);
    expect(await count('ticket_tokens')).toBe(tokensBefore);
    expect(await sqlValue('select count(*) from messages where author = ?', 'bakery')).toBe(0);
    const after = await getQuestion({ id: questionId });
    expect(before?.status).toBe('queued');
    expect(after?.status).toBe('drafted');
    expect(after?.draftText).toBe('Yes, rye from 8 am. See you!');
    expect(after?.version).toBeGreaterThan((before?.version ?? 0) + 1);
    expect(undone.ok && undone.version).toBe(after?.version);
    // Nothing ever reached the customer, then or later.
    expect(await bakeryReplies(questionId, at(60_000))).toEqual([]);
    expect(await claim(at(60_000))).toBeUndefined();
    const audit = await sqlRows<{ action: string }>(
      "select action from audit_log where action like 'reply.%' order by id",
    );
    expect(audit.map((row) => row.action)).toEqual(['reply.hold', 'reply.undo']);

    // The question can be sent again, with the undone text.
    const again = await send(0, after?.draftText ?? '');
    expect((await bakeryReplies(questionId, at(0))).map((m) => m.id)).toHaveLength(1);
    expect(again.heldUntil).toBeNull();
  });

  it('puts a failed question back as failed', async () => {
    await sqlRun("update questions set status = 'failed' where id = ?", questionId);
    const reply = await send(10);
    expect(await undoHeldReply({ replyId: reply.id, userId: sam, now: at(1_000) })).toMatchObject({
      ok: true,
    });
    expect((await getQuestion({ id: questionId }))?.status).toBe('failed');
  });

  it('refuses an undo once the hold is over, or by anyone but the sender, and changes nothing', async () => {
    const reply = await send(10);
    const ana = await staffMember('Ana');
    expect(await undoHeldReply({ replyId: reply.id, userId: ana, now: at(1_000) })).toEqual({
      ok: false,
      reason: 'notYours',
      questionId,
    });
    expect(await undoHeldReply({ replyId: reply.id, userId: sam, now: at(10_000) })).toEqual({
      ok: false,
      reason: 'released',
      questionId,
    });
    expect(await count('replies')).toBe(1);
    expect(await count('email_outbox')).toBe(1);
    expect((await getQuestion({ id: questionId }))?.status).toBe('sent');
    expect(await bakeryReplies(questionId, at(10_000))).toHaveLength(1);
    expect(await undoHeldReply({ replyId: reply.id + 99, userId: sam, now: at(1_000) })).toEqual({
      ok: false,
      reason: 'notFound',
    });
  });

  it('keeps the owner’s hold length, 10 seconds unless changed, audited', async () => {
    expect(await getUndoSendSeconds()).toBe(10);
    expect(await setUndoSendSeconds({ seconds: 0, by: null, now: at(0) })).toEqual({
      changed: true,
    });
    expect(await setUndoSendSeconds({ seconds: 0, by: null, now: at(0) })).toEqual({
      changed: false,
    });
    expect(await getUndoSendSeconds()).toBe(0);
    expect(
      await sqlRows("select before, after from audit_log where action = 'settings.undoSend'"),
    ).toEqual([{ before: '{"undoSendSeconds":10}', after: '{"undoSendSeconds":0}' }]);
  });
});
