import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDatabase } from '@/db/client';
import { addCustomerMessage, listThreadForCustomer } from '@/db/conversations';
import { getQuestionByTicket } from '@/db/questions';
import { resetEnvForTests } from '@/lib/env';
import { lostInUpgrade, snapshot } from '../support/migrations';
import { fillReleaseDatabase } from '../support/release-data';

/**
 * The move to conversations, on a database the release before it wrote: its own rows and 1,000
 * more conversations in every state. Nothing is lost, every question becomes a conversation
 * whose first message is its text, every reply the bakery's message after it, and every ticket
 * link opens the same conversation.
 */
const RELEASE = 3;

type Row = Record<string, unknown>;

describe('upgrading to conversations', () => {
  let dir: string;
  let path: string;
  let tokens: Record<string, string>;
  let before: ReturnType<typeof snapshot>;
  let after: ReturnType<typeof snapshot>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bakery-desk-conversations-'));
    path = join(dir, 'desk.db');
    ({ tokens } = fillReleaseDatabase(path, { idx: RELEASE, questions: 1000 }));
    before = snapshot(path);
    (await openDatabase({ path, seed: false })).$client.close();
    after = snapshot(path);
    process.env.DATABASE_PATH = path;
    resetEnvForTests();
  }, 60_000);
  afterAll(async () => {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  });

  const rows = (table: string) => Object.values(after[table] ?? {}) as Row[];

  it('starts from a release with over 1,000 questions in every state', () => {
    const statuses = new Set(Object.values(before.questions ?? {}).map((q) => q.status));
    expect(Object.keys(before.questions ?? {}).length).toBeGreaterThan(1000);
    expect([...statuses].sort()).toEqual(
      ['discarded', 'drafted', 'drafting', 'failed', 'queued', 'sent'].sort(),
    );
    expect(Object.values(before.questions ?? {}).some((q) => q.erased_at !== null)).toBe(true);
    expect(Object.values(before.questions ?? {}).some((q) => q.lease_token !== null)).toBe(true);
    expect(before.messages).toBeUndefined();
  });

  it('keeps every row and value the release stored', () => {
    expect(lostInUpgrade(before, after)).toEqual([]);
    expect(rows('questions').map((q) => [q.id, q.status, q.ticket_token, q.version])).toEqual(
      Object.values(before.questions ?? {}).map((q) => [q.id, q.status, q.ticket_token, q.version]),
    );
  });

  it('makes each question its conversation: the first message, then each reply', () => {
    const messages = rows('messages');
    const questions = rows('questions');
    const replies = rows('replies');
    expect(messages).toHaveLength(questions.length + replies.length);
    const byQuestion = new Map<unknown, Row[]>();
    for (const message of messages) {
      byQuestion.set(message.question_id, [
        ...(byQuestion.get(message.question_id) ?? []),
        message,
      ]);
    }
    for (const question of questions) {
      const thread = (byQuestion.get(question.id) ?? []).sort(
        (a, b) => Number(a.id) - Number(b.id),
      );
      const [first, ...rest] = thread;
      expect(first).toMatchObject({
        author: 'customer',
        channel: question.channel,
        text: question.text,
        external_id: question.external_id,
        at: question.received_at,
        reply_id: null,
      });
      const sent = replies.filter((r) => r.question_id === question.id);
      expect(rest).toEqual(
        sent.map((reply) =>
          expect.objectContaining({
            author: 'bakery',
            text: reply.text,
            reply_id: reply.id,
            at: reply.sent_at,
          }),
        ),
      );
    }
  });

  it('places each conversation in the inbox and queue by when its customer last wrote', () => {
    for (const question of rows('questions')) {
      expect(question.last_message_at).toBe(question.received_at);
    }
  });

  it('says which message every earlier run answered', () => {
    const firstMessage = new Map<unknown, unknown>();
    for (const message of rows('messages').sort((a, b) => Number(b.id) - Number(a.id))) {
      if (message.author === 'customer') firstMessage.set(message.question_id, message.id);
    }
    const runs = rows('agent_runs');
    expect(runs.length).toBeGreaterThan(500);
    for (const run of runs) {
      expect(run.answered_message_id).toBe(firstMessage.get(run.question_id));
      expect(run.messages_read).toBe(1);
    }
  });

  it('opens every old ticket link on its conversation', async () => {
    expect(Object.keys(tokens).length).toBeGreaterThan(1000);
    const texts = new Map(rows('questions').map((q) => [String(q.id), q.text]));
    for (const [id, token] of Object.entries(tokens)) {
      const question = await getQuestionByTicket({ token });
      expect(question?.id).toBe(Number(id));
      const [first] = await listThreadForCustomer({ questionId: Number(id) });
      expect(first?.text).toBe(texts.get(id));
    }
  });

  it('takes a follow-up on an upgraded conversation through its old link', async () => {
    const sentId = rows('questions').find((q) => q.status === 'sent' && q.erased_at === null)?.id;
    const token = tokens[String(sentId)];
    if (!token) throw new Error('no sent question with a known link');
    const added = await addCustomerMessage({
      thread: { token },
      text: 'One more thing!',
      channel: 'web',
    });
    expect(added).toMatchObject({ ok: true, created: true, question: { status: 'queued' } });
    const thread = await listThreadForCustomer({ questionId: Number(sentId) });
    expect(thread.map((m) => m.author)).toEqual(['customer', 'bakery', 'customer']);
  });
});
