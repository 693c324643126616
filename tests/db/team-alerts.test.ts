// @module-tag postgres: the alerts' summary, a person's preferences and the customer's history.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_WINDOW, alertSummary } from '@/db/alerts';
import { customerHistory } from '@/db/customer-history';
import { getPreferences, updatePreferences } from '@/db/preferences';
import { createQuestion } from '@/db/questions';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const t0 = new Date('2026-12-01T15:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

async function ask(input: { name?: string; email: string | null; text?: string; minute: number }) {
  const stored = await createQuestion({
    text: input.text ?? 'Do you have rye today?',
    customerName: input.name ?? 'Lena Schmidt',
    customerEmail: input.email,
    channel: 'web',
    externalId: null,
    now: at(input.minute),
  });
  if (!stored.created) throw new Error('not new');
  return stored.question.id;
}

const setStatus = (id: number, status: string) =>
  sqlRun('update questions set status = ? where id = ?', status, id);

describe('team alerts, preferences and history in the database', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;

  beforeEach(async () => {
    temp = await useTempDatabase();
    // The example questions a new desk holds are out of the way.
    await sqlRun("update questions set status = 'discarded'");
  });
  afterEach(() => temp.cleanup());

  it('counts the questions needing review and names the newest customer messages waiting', async () => {
    const before = await alertSummary();
    expect(before.needsReview).toBe(0);
    expect(before.waiting).toEqual([]);

    const older = await ask({ email: 'lena@example.com', minute: 1, text: 'Rye?' });
    const newer = await ask({ name: 'Ana', email: null, minute: 2, text: 'Croissants?' });
    const queued = await ask({ email: 'x@example.com', minute: 3 });
    await setStatus(older, 'drafted');
    await setStatus(newer, 'drafted');

    const summary = await alertSummary();
    expect(summary.needsReview).toBe(2);
    expect(summary.waiting.map((w) => w.questionId)).toEqual([newer, older]);
    expect(summary.waiting[0]).toMatchObject({
      customerName: 'Ana',
      text: 'Croissants?',
      followUp: false,
    });
    // The question still queued has the newest message of all, but is not waiting for review.
    expect(summary.newestMessageId).toBeGreaterThan(summary.waiting[0]?.messageId ?? Infinity);
    expect(summary.waiting.some((w) => w.questionId === queued)).toBe(false);
  });

  it('tells a customer’s follow-up after a reply from a new question', async () => {
    const id = await ask({ email: 'lena@example.com', minute: 1, text: 'Rye?' });
    await sqlRun(
      "insert into messages (question_id, author, channel, text, at) values (?, 'bakery', 'web', 'Yes, on Saturdays.', ?)",
      id,
      at(2).getTime(),
    );
    await sqlRun(
      "insert into messages (question_id, author, channel, text, at) values (?, 'customer', 'web', 'Then two, please.', ?)",
      id,
      at(3).getTime(),
    );
    await setStatus(id, 'drafted');
    const [waiting] = (await alertSummary()).waiting;
    expect(waiting).toMatchObject({ questionId: id, followUp: true, text: 'Then two, please.' });
  });

  it('looks at no more than a window of waiting questions', async () => {
    for (let i = 0; i < ALERT_WINDOW + 3; i++) {
      await setStatus(await ask({ email: null, minute: i }), 'drafted');
    }
    const summary = await alertSummary();
    expect(summary.needsReview).toBe(ALERT_WINDOW + 3);
    expect(summary.waiting).toHaveLength(ALERT_WINDOW);
  });

  it('keeps a person’s preferences, each save changing only its own keys', async () => {
    const created = await createUser({
      email: 'ana@alerts.test',
      name: 'Ana',
      role: 'staff',
      passwordHash: UNMATCHABLE_PASSWORD_HASH,
      now: t0,
    });
    if (!created.ok) throw new Error('no user');
    const userId = created.user.id;
    expect(await getPreferences({ userId })).toEqual({
      sound: false,
      notifications: false,
      nextAfterSend: true,
    });
    await updatePreferences({ userId, changes: { notifications: true } });
    await updatePreferences({ userId, changes: { sound: true, nextAfterSend: false } });
    expect(await getPreferences({ userId })).toEqual({
      sound: true,
      notifications: true,
      nextAfterSend: false,
    });
    expect(await updatePreferences({ userId: userId + 999, changes: { sound: true } })).toBeNull();
  });

  it('finds the customer’s other conversations by email address, newest first', async () => {
    const first = await ask({ email: 'Lena@Example.com', minute: 1 });
    const second = await ask({ email: 'lena@example.com', minute: 5 });
    const current = await ask({ email: 'lena@example.com', minute: 9 });
    await ask({ email: 'someone@example.com', minute: 7 });
    await ask({ email: null, minute: 8 });
    await setStatus(first, 'sent');

    const history = await customerHistory({ questionId: current, email: 'LENA@example.com' });
    expect(history.map((row) => row.id)).toEqual([second, first]);
    expect(history[1]).toMatchObject({ status: 'sent' });
    expect(history[0]?.receivedAt).toEqual(at(5));

    expect(await customerHistory({ questionId: current, email: null })).toEqual([]);
    expect(await customerHistory({ questionId: current, email: '  ' })).toEqual([]);
    // One more than the limit says there are more.
    expect(
      await customerHistory({ questionId: current, email: 'lena@example.com', limit: 1 }),
    ).toHaveLength(2);
  });
});
