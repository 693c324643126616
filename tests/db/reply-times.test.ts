// @module-tag postgres: the first-reply times behind the customer's expected wait.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuestion } from '@/db/questions';
import { listFirstRepliesSince } from '@/db/reply-times';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const t0 = new Date('2026-12-01T15:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let sam: number;

beforeEach(async () => {
  temp = await useTempDatabase();
  const created = await createUser({
    email: 'sam@reply-times.test',
    name: 'Sam',
    role: 'staff',
    passwordHash: UNMATCHABLE_PASSWORD_HASH,
    now: t0,
  });
  if (!created.ok) throw new Error('no user');
  sam = created.user.id;
});
afterEach(() => temp.cleanup());

async function ask(minute: number, channel: 'web' | 'sample' = 'web'): Promise<number> {
  const stored = await createQuestion({
    text: 'Rye on Saturday?',
    customerName: 'Rosa',
    customerEmail: null,
    channel,
    now: at(minute),
  });
  return stored.question.id;
}

async function reply(questionId: number, minute: number): Promise<void> {
  await sqlRun(
    'insert into replies (question_id, text, sent_by, sent_at, edited, edit_distance) values (?, ?, ?, ?, false, 0)',
    questionId,
    'Yes.',
    sam,
    at(minute).getTime(),
  );
}

describe('first replies since an instant', () => {
  it('gives each answered question’s arrival and its earliest reply, newest first', async () => {
    const early = await ask(0);
    await reply(early, 30);
    // A later reply (after the customer wrote back) is not the first.
    await reply(early, 500);
    const later = await ask(60);
    await reply(later, 75);
    await ask(90); // Still waiting: no first reply to count.

    expect(await listFirstRepliesSince({ since: at(0) })).toEqual([
      { receivedAt: at(60), firstReplyAt: at(75) },
      { receivedAt: at(0), firstReplyAt: at(30) },
    ]);
  });

  it('leaves out questions received before the instant and the desk’s example questions', async () => {
    const old = await ask(-10);
    await reply(old, 5);
    const example = await ask(10, 'sample');
    await reply(example, 11);
    const recent = await ask(20);
    await reply(recent, 26);

    expect(await listFirstRepliesSince({ since: at(0) })).toEqual([
      { receivedAt: at(20), firstReplyAt: at(26) },
    ]);
  });
});
