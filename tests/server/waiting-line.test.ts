import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuestion } from '@/db/questions';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { currentWaitingLine } from '@/server/waiting-line';
import { sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

// The seeded bakery, in New York: Tuesday to Friday 7:00–15:00. 2026-12-01 is a Tuesday.
const newYork = (wall: string) => new Date(`${wall}:00-05:00`);

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let sam: number;

beforeEach(async () => {
  temp = await useTempDatabase();
  const created = await createUser({
    email: 'sam@waiting-line.test',
    name: 'Sam',
    role: 'staff',
    passwordHash: UNMATCHABLE_PASSWORD_HASH,
    now: newYork('2026-11-01T09:00'),
  });
  if (!created.ok) throw new Error('no user');
  sam = created.user.id;
});
afterEach(() => temp.cleanup());

/** A customer's question asked at `wall`, answered `minutes` later. */
async function answered(wall: string, minutes: number): Promise<void> {
  const receivedAt = newYork(wall);
  const stored = await createQuestion({
    text: 'Rye on Saturday?',
    customerName: 'Rosa',
    customerEmail: null,
    channel: 'web',
    now: receivedAt,
  });
  await sqlRun(
    'insert into replies (question_id, text, sent_by, sent_at, edited, edit_distance) values (?, ?, ?, ?, false, 0)',
    stored.question.id,
    'Yes.',
    sam,
    receivedAt.getTime() + minutes * 60_000,
  );
}

describe('the waiting line from the desk’s own data', () => {
  it('tells the typical wait once enough questions asked while open were answered', async () => {
    for (const [day, minutes] of [
      ['2026-11-24', 9],
      ['2026-11-25', 12],
      ['2026-11-26', 14],
      ['2026-11-27', 25],
    ] as const) {
      await answered(`${day}T10:00`, minutes);
    }
    // Asked at night: a slow answer that says nothing about the desk while open.
    await answered('2026-11-26T22:00', 600);
    expect(await currentWaitingLine(newYork('2026-12-01T10:00'))).toBeNull();

    await answered('2026-11-28T09:00', 40);
    expect(await currentWaitingLine(newYork('2026-12-01T10:00'))).toBe(
      'We usually answer within 15 minutes.',
    );
    expect(await currentWaitingLine(newYork('2026-12-01T20:00'))).toBe(
      'We’re closed now; we open again tomorrow at 7 am.',
    );
  });
});
