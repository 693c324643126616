// @module-tag postgres: conversations, threads and their SQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addCustomerMessage,
  listThread,
  listThreadForCustomer,
  threadForDrafting,
} from '@/db/conversations';
import { discardQuestion } from '@/db/drafts';
import { listInbox } from '@/db/inbox';
import { createQuestion, getQuestion } from '@/db/questions';
import { claimNextQuestion, claimQuestion, recordAttempt } from '@/db/queue';
import { sendReply } from '@/db/replies';
import { eraseExpiredConversations } from '@/db/retention';
import { createUser } from '@/db/users';
import type { ModelTurn } from '@/lib/agent';
import { answerReply, noUsage } from '@/lib/agent/models/scripted';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { draftClaimedQuestion } from '@/server/drafting/draft-question';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const t0 = new Date('2026-12-01T15:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

async function count(table: string): Promise<number> {
  return (await sqlValue(`select count(*) from ${table}`)) as number;
}

describe('conversations', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let sam: number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
    const created = await createUser({
      email: 'sam@conversations.test',
      name: 'Sam',
      role: 'staff',
      passwordHash: UNMATCHABLE_PASSWORD_HASH,
      now: t0,
    });
    if (!created.ok) throw new Error('no user');
    sam = created.user.id;
  });
  afterEach(() => temp.cleanup());

  async function ask(text: string, externalId: string | null = null) {
    const stored = await createQuestion({
      text,
      customerName: 'Rosa',
      customerEmail: 'rosa@example.com',
      channel: externalId ? 'api' : 'web',
      externalId,
      now: at(0),
    });
    if (!stored.created) throw new Error('not new');
    return stored;
  }

  async function draftAndSend(id: number, text: string, minute: number) {
    const claim = await claimQuestion({ id, owner: 'w', leaseMs: 60_000, now: at(minute) });
    if (!claim.ok) throw new Error(`not claimed: ${claim.reason}`);
    await recordAttempt({
      questionId: id,
      leaseToken: claim.question.leaseToken ?? '',
      run: {
        model: 'offline drafter',
        stopKind: 'answered',
        draftText: text,
        factsVersion: 1,
        startedAt: at(minute),
        finishedAt: at(minute),
      },
      calls: [],
      next: { status: 'drafted' },
      now: at(minute),
    });
    const version = (await getQuestion({ id }))?.version ?? 0;
    const sent = await sendReply({
      questionId: id,
      text,
      version,
      userId: sam,
      now: at(minute + 1),
    });
    if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
  }

  it('opens with the first message, and a reply joins the thread as the bakery', async () => {
    const { question } = await ask('Two dozen rolls on Saturday?');
    await draftAndSend(question.id, '24 rolls are $36.00.', 1);
    expect(
      (await listThread({ questionId: question.id, withStaffNames: true })).map((m) => [
        m.author,
        m.text,
        m.senderName,
      ]),
    ).toEqual([
      ['customer', 'Two dozen rolls on Saturday?', null],
      ['bakery', '24 rolls are $36.00.', 'Sam'],
    ]);
    expect((await getQuestion({ id: question.id }))?.status).toBe('sent');
  });

  it('a message after the reply needs a draft again, and the spent draft is cleared', async () => {
    const { question, ticketToken } = await ask('Two dozen rolls on Saturday?');
    await draftAndSend(question.id, '24 rolls are $36.00.', 1);
    const added = await addCustomerMessage({
      thread: { token: ticketToken },
      text: 'Can I add two rye loaves?',
      channel: 'web',
      now: at(5),
    });
    expect(added).toMatchObject({
      ok: true,
      created: true,
      question: { id: question.id, status: 'queued', draftText: null, draftRunId: null },
      message: { author: 'customer', text: 'Can I add two rye loaves?' },
    });
    // Staff can answer again: a second reply is sent and the thread holds all four messages.
    await draftAndSend(question.id, 'Added: $54.00 in all.', 6);
    expect((await threadForDrafting({ questionId: question.id })).map((m) => m.author)).toEqual([
      'customer',
      'bakery',
      'customer',
      'bakery',
    ]);
    expect(await count('replies')).toBe(2);
  });

  it('lists a conversation by its newest customer message, counts its messages and finds any of them', async () => {
    const { question, ticketToken } = await ask('Two dozen rolls on Saturday?');
    await draftAndSend(question.id, '24 rolls are $36.00.', 1);
    await addCustomerMessage({
      thread: { token: ticketToken },
      text: 'Could I add pretzels?',
      channel: 'web',
      now: at(5),
    });
    // A question from later than the conversation's start, but earlier than the follow-up.
    const later = await createQuestion({
      text: 'Rye?',
      customerName: 'Ben',
      customerEmail: null,
      channel: 'web',
      now: at(3),
    });
    const listed = await listInbox({ group: 'inProgress', page: 1, pageSize: 10 });
    expect(listed.map((r) => r.id)).toEqual([question.id, later.question.id]);
    const [row] = listed;
    expect(row).toMatchObject({
      id: question.id,
      messageCount: 3,
      latest: { text: 'Could I add pretzels?', at: at(5) },
    });
    expect(
      (await listInbox({ group: 'inProgress', search: 'pretzels', page: 1, pageSize: 10 })).map(
        (r) => r.id,
      ),
    ).toEqual([question.id]);
    expect(
      (await listInbox({ group: 'inProgress', search: 'dozen rolls', page: 1, pageSize: 10 })).map(
        (r) => r.id,
      ),
    ).toEqual([question.id]);
  });

  it('continues a thread by its first message externalId, idempotently per message id', async () => {
    const { question } = await ask('Rye on Friday?', 'crm-1');
    const first = await addCustomerMessage({
      thread: { externalId: 'crm-1', channel: 'api' },
      text: 'Make it two.',
      channel: 'api',
      externalId: 'crm-2',
      now: at(3),
    });
    const again = await addCustomerMessage({
      thread: { externalId: 'crm-1', channel: 'api' },
      text: 'Make it two.',
      channel: 'api',
      externalId: 'crm-2',
      now: at(4),
    });
    expect(first).toMatchObject({ ok: true, created: true, question: { id: question.id } });
    expect(again).toMatchObject({ ok: true, created: false });
    if (first.ok && again.ok) expect(again.message.id).toBe(first.message.id);
    expect(await count('messages')).toBe((await count('questions')) + 1);
    // The id that opened the conversation names it: posting it again creates nothing.
    const repeat = await createQuestion({
      text: 'Rye on Friday?',
      customerName: 'Rosa',
      customerEmail: 'rosa@example.com',
      channel: 'api',
      externalId: 'crm-1',
    });
    expect(repeat).toMatchObject({ created: false, question: { id: question.id } });
  });

  it('keeps a message id unique within its thread only: another thread’s same id is stored', async () => {
    const rosa = await ask('Rye on Friday?', 'shop-rosa');
    const ben = await createQuestion({
      text: 'Do you make spelt loaves?',
      customerName: 'Ben',
      customerEmail: 'ben@example.com',
      channel: 'api',
      externalId: 'shop-ben',
      now: at(1),
    });
    if (!ben.created) throw new Error('not new');
    // The shop numbers each customer's messages from 1: both customers send their "msg-2".
    const follow = (thread: string, text: string) =>
      addCustomerMessage({
        thread: { externalId: thread, channel: 'api' },
        text,
        channel: 'api',
        externalId: 'msg-2',
        now: at(5),
      });
    const fromRosa = await follow('shop-rosa', 'Make it two loaves.');
    const fromBen = await follow('shop-ben', 'And a seeded one, please.');
    expect(fromRosa).toMatchObject({ ok: true, created: true, question: { id: rosa.question.id } });
    expect(fromBen).toMatchObject({ ok: true, created: true, question: { id: ben.question.id } });
    if (!fromRosa.ok || !fromBen.ok) throw new Error('not stored');
    expect(fromBen.message.id).not.toBe(fromRosa.message.id);
    expect(fromBen.message.text).toBe('And a seeded one, please.');
    expect(
      await sqlRows(
        "select question_id, text from messages where external_id = 'msg-2' order by question_id",
      ),
    ).toEqual([
      { question_id: rosa.question.id, text: 'Make it two loaves.' },
      { question_id: ben.question.id, text: 'And a seeded one, please.' },
    ]);
    // Within a thread the id still makes a retry harmless.
    const retry = await follow('shop-ben', 'And a seeded one, please.');
    expect(retry).toMatchObject({ ok: true, created: false, message: { id: fromBen.message.id } });
    expect(await count('messages')).toBe((await count('questions')) + 2);

    // A new conversation posted with a follow-up's id is a conversation of its own.
    const carla = await createQuestion({
      text: 'Any sourdough left today?',
      customerName: 'Carla',
      customerEmail: 'carla@example.com',
      channel: 'api',
      externalId: 'msg-2',
      now: at(6),
    });
    expect(carla.created).toBe(true);
    expect(carla.question.id).not.toBe(rosa.question.id);
    expect(carla.question.id).not.toBe(ben.question.id);
    expect(
      (await listThreadForCustomer({ questionId: carla.question.id })).map((m) => m.text),
    ).toEqual(['Any sourdough left today?']);
  });

  it('an unknown or erased thread takes nothing', async () => {
    const before = { messages: await count('messages'), questions: await count('questions') };
    for (const thread of [
      { token: 'x'.repeat(32) },
      { externalId: 'nobody', channel: 'api' as const },
    ]) {
      expect(await addCustomerMessage({ thread, text: 'Hello?', channel: 'web' })).toEqual({
        ok: false,
        reason: 'notFound',
      });
    }
    const { question, ticketToken } = await ask('Old question');
    await discardQuestion({ id: question.id, reason: 'Spam', now: at(1) });
    await sqlRun('update bakery set retention_days = 1');
    await eraseExpiredConversations({ now: at(3 * 24 * 60), by: null });
    expect((await getQuestion({ id: question.id }))?.erasedAt).not.toBeNull();
    expect(
      await addCustomerMessage({ thread: { token: ticketToken }, text: 'Hello?', channel: 'web' }),
    ).toEqual({ ok: false, reason: 'notFound' });
    expect(await count('messages')).toBe(before.messages + 1);
    // Erasure empties every message of the conversation.
    expect((await threadForDrafting({ questionId: question.id })).map((m) => m.text)).not.toContain(
      'Old question',
    );
  });

  it('a message that arrives mid-draft takes the lease, so the older draft is dropped', async () => {
    const { question, ticketToken } = await ask('Rolls on Saturday?');
    const claimed = await claimNextQuestion({ owner: 'w', leaseMs: 60_000, now: at(1) });
    expect(claimed?.id).toBe(question.id);
    await addCustomerMessage({
      thread: { token: ticketToken },
      text: 'Actually Friday',
      channel: 'web',
    });
    const late = await recordAttempt({
      questionId: question.id,
      leaseToken: claimed?.leaseToken ?? '',
      run: {
        model: 'offline drafter',
        stopKind: 'answered',
        draftText: 'Saturday works.',
        factsVersion: 1,
        startedAt: at(1),
        finishedAt: at(2),
      },
      calls: [],
      next: { status: 'drafted' },
      now: at(2),
    });
    expect(late).toEqual({ ok: false, reason: 'leaseLost' });
    expect(await getQuestion({ id: question.id })).toMatchObject({
      status: 'queued',
      draftText: null,
    });
  });

  it('shows staff names to the customer only when the owner allows it', async () => {
    const { question } = await ask('Rye?');
    await draftAndSend(question.id, 'Yes, $9.00.', 1);
    const names = async () =>
      (await listThreadForCustomer({ questionId: question.id })).map((m) => m.senderName);
    expect(await names()).toEqual([null, null]);
    await sqlRun('update bakery set show_staff_names = true');
    expect(await names()).toEqual([null, 'Sam']);
  });

  it('a draft reads the whole thread and answers the newest customer message', async () => {
    const { question, ticketToken } = await ask('Two dozen sourdough rolls on Saturday at 9?');
    await draftAndSend(question.id, '24 rolls are $36.00, Saturday at 9 works.', 1);
    const added = await addCustomerMessage({
      thread: { token: ticketToken },
      text: 'Thanks! Can I add two rye loaves?',
      channel: 'web',
      now: at(5),
    });
    const seen: ModelTurn[] = [];
    const claimed = await claimNextQuestion({ owner: 'w', leaseMs: 60_000, now: new Date() });
    if (!claimed) throw new Error('nothing to claim');
    let askedAt: Date | undefined;
    await draftClaimedQuestion({
      question: claimed,
      owner: 'w',
      signal: new AbortController().signal,
      settings: {
        limits: { maxTurns: 2, maxTokens: 1000, maxDollars: 1 },
        leaseMs: 60_000,
        maxAttempts: 3,
        makeModel: (input) => {
          askedAt = input.askedAt;
          return {
            name: 'recorder',
            takeTurn: async (turn) => {
              seen.push(turn);
              return answerReply('Added.', noUsage, 0);
            },
          };
        },
      },
    });
    expect(seen[0]).toEqual({
      kind: 'task',
      text: 'Thanks! Can I add two rye loaves?',
      earlier: [
        { author: 'customer', text: 'Two dozen sourdough rolls on Saturday at 9?' },
        { author: 'bakery', text: '24 rolls are $36.00, Saturday at 9 works.' },
      ],
    });
    expect(askedAt?.toISOString()).toBe(at(5).toISOString());
    const run = (
      await sqlRows(
        'select answered_message_id, messages_read from agent_runs order by id desc limit 1',
      )
    )[0];
    expect(run).toEqual({
      answered_message_id: added.ok ? added.message.id : -1,
      messages_read: 3,
    });
  });
});
