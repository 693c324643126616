// @module-tag postgres: staff notes stored apart from the conversation's messages and replies.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addConversationNote,
  listConversationNotes,
  noteTextsForDrafting,
} from '@/db/conversation-notes';
import { threadForDrafting } from '@/db/conversations';
import { createQuestion } from '@/db/questions';
import { createUser } from '@/db/users';
import { sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let ana = 0;
let questionId = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 9, minute));

beforeEach(async () => {
  temp = await useTempDatabase();
  const user = await createUser({
    email: 'ana@example.com',
    name: 'Ana',
    role: 'staff',
    passwordHash: 'x',
    now: at(0),
  });
  if (!user.ok) throw new Error(user.reason);
  ana = user.user.id;
  const asked = await createQuestion({
    text: 'Can I pick up at 7?',
    customerName: 'Lena',
    customerEmail: 'lena@example.com',
    channel: 'web',
    now: at(1),
  });
  questionId = asked.question.id;
});
afterEach(() => temp.cleanup());

const count = async (sql: string) => Number(await sqlValue(sql));

describe('staff notes on a conversation', () => {
  it('keeps each note with its author and time, oldest first', async () => {
    await addConversationNote({ questionId, authorId: ana, text: 'Second', now: at(5) });
    await addConversationNote({ questionId, authorId: ana, text: 'First\nof two', now: at(3) });
    expect(await listConversationNotes({ questionId })).toEqual([
      { id: expect.any(Number), text: 'First\nof two', at: at(3), authorName: 'Ana' },
      { id: expect.any(Number), text: 'Second', at: at(5), authorName: 'Ana' },
    ]);
    expect(await noteTextsForDrafting({ questionId })).toEqual(['First\nof two', 'Second']);
  });

  it('is no message, no reply and no email, and leaves the conversation as it was', async () => {
    const before = {
      messages: await count('select count(*) from messages'),
      version: await count(`select version from questions where id = ${questionId}`),
      status: await sqlValue(`select status from questions where id = ${questionId}`),
    };
    await addConversationNote({ questionId, authorId: ana, text: 'Regular; VIP', now: at(4) });
    expect(await count('select count(*) from messages')).toBe(before.messages);
    expect(await count('select count(*) from replies')).toBe(0);
    expect(await count('select count(*) from email_outbox')).toBe(0);
    expect(await count(`select version from questions where id = ${questionId}`)).toBe(
      before.version,
    );
    expect(await sqlValue(`select status from questions where id = ${questionId}`)).toBe(
      before.status,
    );
    expect((await threadForDrafting({ questionId })).map((m) => m.text)).toEqual([
      'Can I pick up at 7?',
    ]);
  });

  it('refuses a note on a conversation that does not exist, writing nothing', async () => {
    expect(
      await addConversationNote({ questionId: 999_999, authorId: ana, text: 'x', now: at(2) }),
    ).toEqual({ ok: false, reason: 'notFound' });
    expect(await count('select count(*) from conversation_notes')).toBe(0);
  });

  it('goes with its conversation when the conversation is deleted', async () => {
    await addConversationNote({ questionId, authorId: ana, text: 'Gone with it', now: at(2) });
    await sqlValue(`delete from questions where id = ${questionId} returning id`);
    expect(await count('select count(*) from conversation_notes')).toBe(0);
  });
});
