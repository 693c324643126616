// @module-tag postgres: the inbox's SQL and its status counts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discardQuestion, saveDraftEdit } from '@/db/drafts';
import {
  countQuestionsByStatus,
  getQuestionDetail,
  inboxChangeStamp,
  inboxNeighbours,
  listInbox,
} from '@/db/inbox';
import { createQuestion, getQuestion } from '@/db/questions';
import { claimQuestion, recordAttempt } from '@/db/queue';
import { getReplyForQuestion, sendReply } from '@/db/replies';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const t0 = new Date('2026-12-01T15:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

async function count(table: string): Promise<number> {
  return Number(await sqlValue(`select count(*) from ${table}`));
}

describe('the inbox store', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let ana: number;
  let ben: number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
    const person = async (name: string) => {
      const created = await createUser({
        email: `${name}@inbox.test`,
        name,
        role: 'staff',
        passwordHash: UNMATCHABLE_PASSWORD_HASH,
        now: t0,
      });
      if (!created.ok) throw new Error('no user');
      return created.user.id;
    };
    ana = await person('Ana');
    ben = await person('Ben');
  });
  afterEach(() => temp.cleanup());

  /** A question drafted by a run whose text is `draft`. */
  const versionOf = async (id: number) => (await getQuestion({ id }))?.version ?? 0;

  async function drafted(
    text: string,
    draft: string | null,
    receivedAt = t0,
    mark: { needsPersonReason: 'allergens' | 'delivery'; needsPersonNote: string } | null = null,
  ) {
    const { question } = await createQuestion({
      text,
      customerName: 'Cleo',
      customerEmail: 'cleo@example.com',
      channel: 'web',
      now: receivedAt,
    });
    const claim = await claimQuestion({
      id: question.id,
      owner: 'w',
      leaseMs: 10_000,
      now: receivedAt,
    });
    if (!claim.ok) throw new Error('not claimed');
    await recordAttempt({
      questionId: question.id,
      leaseToken: claim.question.leaseToken ?? '',
      run: {
        model: 'offline drafter',
        stopKind: draft === null ? 'outOfTurns' : 'answered',
        draftText: draft,
        turns: 1,
        factsVersion: 1,
        startedAt: receivedAt,
        finishedAt: receivedAt,
        ...mark,
      },
      calls: [
        {
          seq: 0,
          turn: 1,
          callId: 'c1',
          toolName: 'menu_item',
          input: '{"name":"croissants"}',
          result: 'the menu has no croissants',
          isError: true,
          errorKind: 'notFound',
          durationMs: 2,
        },
      ],
      next: { status: 'drafted' },
      now: receivedAt,
    });
    const stored = await getQuestion({ id: question.id });
    if (!stored) throw new Error('gone');
    return stored;
  }

  it('sends once, recording the text, the sender, the run and how much was edited', async () => {
    const q = await drafted('Rye on Friday?', 'Yes, we have rye.');
    const sent = await sendReply({
      questionId: q.id,
      version: q.version,
      text: 'Yes, we have rye!',
      userId: ana,
      now: at(5),
    });
    expect(sent.ok).toBe(true);
    const reply = await getReplyForQuestion({ questionId: q.id });
    expect(reply).toMatchObject({
      text: 'Yes, we have rye!',
      sentBy: ana,
      sentAt: at(5),
      runId: q.draftRunId,
      edited: true,
      editDistance: 1,
    });
    const after = await getQuestion({ id: q.id });
    expect(after?.status).toBe('sent');
    expect(after?.version).toBe(q.version + 1);
  });

  it('a send over a newer edit or draft than the sender confirmed sends nothing', async () => {
    const q = await drafted('Rye on Friday?', 'Yes, we have rye.');
    const seenBySender = q.version;
    const colleague = await saveDraftEdit({
      id: q.id,
      version: q.version,
      text: 'Yes, but only until noon.',
      now: at(1),
    });
    expect(colleague.ok).toBe(true);
    const refused = await sendReply({
      questionId: q.id,
      version: seenBySender,
      text: 'Yes, we have rye.',
      userId: ana,
      now: at(2),
    });
    expect(refused).toEqual({ ok: false, reason: 'changed', version: seenBySender + 1 });
    expect(await count('replies')).toBe(0);
    expect((await getQuestion({ id: q.id }))?.status).toBe('drafted');
    // Confirmed again over the colleague's version, it goes.
    const again = await sendReply({
      questionId: q.id,
      version: seenBySender + 1,
      text: 'Yes, but only until noon.',
      userId: ana,
      now: at(3),
    });
    expect(again.ok).toBe(true);
    // Measured against the run's draft, not the colleague's edit.
    expect((await getReplyForQuestion({ questionId: q.id }))?.editDistance).toBeGreaterThan(0);
  });

  it('a second send makes no second reply and says who sent it and when', async () => {
    const q = await drafted('Rye on Friday?', 'Yes.');
    await sendReply({
      questionId: q.id,
      version: await versionOf(q.id),
      text: 'Yes.',
      userId: ana,
      now: at(5),
    });
    const again = await sendReply({
      questionId: q.id,
      version: await versionOf(q.id),
      text: 'Ben’s text',
      userId: ben,
      now: at(6),
    });
    expect(again).toEqual({
      ok: false,
      reason: 'alreadySent',
      sentBy: 'Ana',
      sentAt: at(5),
      text: 'Yes.',
    });
    expect(await count('replies')).toBe(1);
    expect((await getReplyForQuestion({ questionId: q.id }))?.edited).toBe(false);
  });

  it('sends nothing for a discarded or missing question', async () => {
    const q = await drafted('Spam', 'Hello');
    expect((await discardQuestion({ id: q.id, reason: 'spam', now: at(1) })).ok).toBe(true);
    expect(
      await sendReply({
        questionId: q.id,
        version: await versionOf(q.id),
        text: 'x',
        userId: ana,
        now: at(2),
      }),
    ).toEqual({
      ok: false,
      reason: 'discarded',
    });
    expect(
      await sendReply({ questionId: 9999, version: 1, text: 'x', userId: ana, now: at(2) }),
    ).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(await count('replies')).toBe(0);
  });

  it('a send during a draft ends the draft: the worker’s result is dropped', async () => {
    const q = await drafted('Rye?', 'Yes.');
    const claim = await claimQuestion({ id: q.id, owner: 'w2', leaseMs: 10_000, now: at(1) });
    expect(claim.ok).toBe(true);
    expect(
      (
        await sendReply({
          questionId: q.id,
          version: await versionOf(q.id),
          text: 'By hand',
          userId: ana,
          now: at(2),
        })
      ).ok,
    ).toBe(true);
    const late = await recordAttempt({
      questionId: q.id,
      leaseToken: claim.ok ? (claim.question.leaseToken ?? '') : '',
      run: {
        model: 'offline drafter',
        stopKind: 'answered',
        draftText: 'late',
        factsVersion: 1,
        startedAt: at(1),
        finishedAt: at(3),
      },
      calls: [],
      next: { status: 'drafted' },
      now: at(3),
    });
    expect(late).toEqual({ ok: false, reason: 'leaseLost' });
    expect((await getQuestion({ id: q.id }))?.status).toBe('sent');
  });

  it('saves an edit over the version it started from, and refuses a stale one', async () => {
    const q = await drafted('Rye?', 'Yes.');
    const first = await saveDraftEdit({
      id: q.id,
      version: q.version,
      text: 'Yes, rye.',
      now: at(1),
    });
    expect(first.ok).toBe(true);
    const stale = await saveDraftEdit({ id: q.id, version: q.version, text: 'Mine', now: at(2) });
    expect(stale).toMatchObject({ ok: false, reason: 'stale' });
    expect((await getQuestion({ id: q.id }))?.draftText).toBe('Yes, rye.');
    // The reply's edit distance is measured against the run's draft, not the saved edit.
    await sendReply({
      questionId: q.id,
      version: await versionOf(q.id),
      text: 'Yes, rye.',
      userId: ana,
      now: at(3),
    });
    expect((await getReplyForQuestion({ questionId: q.id }))?.editDistance).toBe(5);
    const current = await getQuestion({ id: q.id });
    expect(
      await saveDraftEdit({ id: q.id, version: current?.version ?? 0, text: 'late', now: at(4) }),
    ).toMatchObject({ ok: false, reason: 'notEditable' });
  });

  it('discards with a reason, once', async () => {
    const q = await drafted('Buy cheap watches', 'Hello');
    const done = await discardQuestion({ id: q.id, reason: 'Spam', now: at(1) });
    expect(done).toMatchObject({
      ok: true,
      question: { status: 'discarded', discardReason: 'Spam' },
    });
    expect(await discardQuestion({ id: q.id, reason: 'again', now: at(2) })).toMatchObject({
      ok: false,
      reason: 'closed',
    });
  });

  it('lists a tab newest first, searches text and customer, and counts by status', async () => {
    const older = await drafted('Rye loaf on Friday?', 'Yes.', at(0));
    const newer = await drafted('Pretzels?', null, at(1000));
    const rows = await listInbox({ group: 'needsReview', page: 1, pageSize: 10 });
    expect(rows.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(rows[0]?.run).toEqual({
      stopKind: 'outOfTurns',
      factsVersion: 1,
      factsRead: null,
      needsPersonReason: null,
      needsPersonNote: null,
      answeredMessageId: null,
    });
    expect(rows[0]).toMatchObject({ messageCount: 1, latest: { text: 'Pretzels?' } });
    expect(
      await listInbox({ group: 'needsReview', search: 'rye', page: 1, pageSize: 10 }),
    ).toHaveLength(1);
    expect(
      await listInbox({ group: 'needsReview', search: 'cleo@', page: 1, pageSize: 10 }),
    ).toHaveLength(2);
    // Letters match whatever their case, on either engine.
    expect(
      await listInbox({ group: 'needsReview', search: 'RYE LOAF', page: 1, pageSize: 10 }),
    ).toHaveLength(1);
    // LIKE's wildcards are searched for literally.
    expect(
      await listInbox({ group: 'needsReview', search: '%', page: 1, pageSize: 10 }),
    ).toHaveLength(0);
    expect(
      (await listInbox({ group: 'needsReview', page: 2, pageSize: 1 })).map((r) => r.id),
    ).toEqual([older.id]);
    expect(await countQuestionsByStatus({ search: 'pretzel' })).toEqual({ drafted: 1 });
    expect(await inboxNeighbours({ group: 'needsReview', id: newer.id })).toEqual({
      previous: null,
      next: older.id,
    });
  });

  it('counts each tab from the kept counts, in step with every arrival, change and removal', async () => {
    const byScan = async () =>
      Object.fromEntries(
        (
          await sqlRows<{ status: string; n: number }>(
            'select status, count(*) as n from questions group by status',
          )
        ).map((r) => [r.status, Number(r.n)]),
      );
    const rye = await drafted('Rye loaf on Friday?', 'Yes.', at(0));
    await createQuestion({
      text: 'Bagels?',
      customerName: 'Dev',
      customerEmail: null,
      channel: 'web',
      now: at(1),
    });
    expect(await countQuestionsByStatus({})).toEqual(await byScan());
    expect(await countQuestionsByStatus({})).toMatchObject({ drafted: 1, queued: 1 });
    await discardQuestion({ id: rye.id, reason: 'Spam', now: at(2) });
    expect(await countQuestionsByStatus({})).toEqual(await byScan());
    expect((await countQuestionsByStatus({})).drafted).toBeUndefined();
    await sqlRun("delete from questions where status = 'discarded'");
    expect(await countQuestionsByStatus({})).toEqual(await byScan());
    expect(await countQuestionsByStatus({})).toEqual({ queued: 1 });
  });

  it('pages a tab of two states newest first across both, and steps through it in that order', async () => {
    const queued = async (text: string, ms: number) =>
      (
        await createQuestion({
          text,
          customerName: 'Dev',
          customerEmail: null,
          channel: 'web',
          now: at(ms),
        })
      ).question;
    const a = await queued('First?', 0);
    const b = await queued('Second?', 1000);
    const c = await queued('Third?', 2000);
    const d = await queued('Fourth?', 3000);
    // Two of them being drafted now: the tab holds both states, interleaved in time.
    for (const q of [b, d]) {
      if (!(await claimQuestion({ id: q.id, owner: 'w', leaseMs: 60_000, now: at(4000) })).ok) {
        throw new Error('not claimed');
      }
    }
    const page = async (n: number, size: number) =>
      (await listInbox({ group: 'inProgress', page: n, pageSize: size })).map((r) => r.id);
    expect(await page(1, 10)).toEqual([d.id, c.id, b.id, a.id]);
    expect([...(await page(1, 3)), ...(await page(2, 3))]).toEqual([d.id, c.id, b.id, a.id]);
    expect(await page(2, 2)).toEqual([b.id, a.id]);
    expect(await page(3, 2)).toEqual([]);
    expect(await inboxNeighbours({ group: 'inProgress', id: c.id })).toEqual({
      previous: d.id,
      next: b.id,
    });
    expect(await inboxNeighbours({ group: 'inProgress', id: b.id })).toEqual({
      previous: c.id,
      next: a.id,
    });
  });

  it('keeps a run’s mark for a person and filters the list and counts by it', async () => {
    await drafted('Rye loaf on Friday?', 'Yes.', at(0));
    const sesame = await drafted('Sesame in the rye?', 'A person will check.', at(1000), {
      needsPersonReason: 'allergens',
      needsPersonNote: 'sesame in the rye loaf',
    });
    const marked = await listInbox({
      group: 'needsReview',
      needsPerson: true,
      page: 1,
      pageSize: 10,
    });
    expect(marked.map((r) => [r.id, r.run?.needsPersonReason, r.run?.needsPersonNote])).toEqual([
      [sesame.id, 'allergens', 'sesame in the rye loaf'],
    ]);
    expect(await listInbox({ group: 'needsReview', page: 1, pageSize: 10 })).toHaveLength(2);
    expect(await countQuestionsByStatus({ needsPerson: true })).toEqual({ drafted: 1 });
    expect(await countQuestionsByStatus({})).toMatchObject({ drafted: 2 });
    expect((await getQuestionDetail({ id: sesame.id }))?.runs[0]).toMatchObject({
      needsPersonReason: 'allergens',
      needsPersonNote: 'sesame in the rye loaf',
    });
  });

  it('reads a question with its runs and tool calls, newest run first', async () => {
    const q = await drafted('Croissants?', 'No croissants, sorry.');
    const detail = await getQuestionDetail({ id: q.id });
    expect(detail?.runs).toHaveLength(1);
    expect(detail?.runs[0]?.calls[0]).toMatchObject({
      toolName: 'menu_item',
      errorKind: 'notFound',
    });
    expect(detail?.replies).toEqual([]);
    expect(detail?.thread.map((m) => [m.author, m.text])).toEqual([['customer', 'Croissants?']]);
    await sendReply({
      questionId: q.id,
      version: await versionOf(q.id),
      text: 'Sorry!',
      userId: ben,
      now: at(1),
    });
    const after = await getQuestionDetail({ id: q.id });
    expect(after?.replies).toMatchObject([{ senderName: 'Ben', text: 'Sorry!' }]);
    expect(after?.thread.map((m) => [m.author, m.text, m.senderName])).toEqual([
      ['customer', 'Croissants?', null],
      ['bakery', 'Sorry!', 'Ben'],
    ]);
    expect(await getQuestionDetail({ id: 123456 })).toBeUndefined();
  });

  it('the change stamp moves when a question arrives or changes', async () => {
    const before = await inboxChangeStamp();
    const q = await drafted('Rye?', 'Yes.');
    const afterArrival = await inboxChangeStamp();
    expect(afterArrival).not.toBe(before);
    expect(await inboxChangeStamp()).toBe(afterArrival);
    await saveDraftEdit({ id: q.id, version: q.version, text: 'Yes!', now: at(9) });
    expect(await inboxChangeStamp()).not.toBe(afterArrival);
  });
});
