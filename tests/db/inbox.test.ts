import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
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
import { useTempDatabase } from '../support/temp-db';

const t0 = new Date('2026-12-01T15:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

function count(table: string): number {
  return getDb().$client.prepare(`select count(*) from ${table}`).pluck().get() as number;
}

describe('the inbox store', () => {
  let temp: ReturnType<typeof useTempDatabase>;
  let ana: number;
  let ben: number;

  beforeEach(() => {
    temp = useTempDatabase();
    getDb().$client.prepare("update questions set status = 'discarded'").run();
    const person = (name: string) => {
      const created = createUser({
        email: `${name}@inbox.test`,
        name,
        role: 'staff',
        passwordHash: UNMATCHABLE_PASSWORD_HASH,
        now: t0,
      });
      if (!created.ok) throw new Error('no user');
      return created.user.id;
    };
    ana = person('Ana');
    ben = person('Ben');
  });
  afterEach(() => temp.cleanup());

  /** A question drafted by a run whose text is `draft`. */
  const versionOf = (id: number) => getQuestion({ id })?.version ?? 0;

  function drafted(
    text: string,
    draft: string | null,
    receivedAt = t0,
    mark: { needsPersonReason: 'allergens' | 'delivery'; needsPersonNote: string } | null = null,
  ) {
    const { question } = createQuestion({
      text,
      customerName: 'Cleo',
      customerEmail: 'cleo@example.com',
      channel: 'web',
      now: receivedAt,
    });
    const claim = claimQuestion({ id: question.id, owner: 'w', leaseMs: 10_000, now: receivedAt });
    if (!claim.ok) throw new Error('not claimed');
    recordAttempt({
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
    const stored = getQuestion({ id: question.id });
    if (!stored) throw new Error('gone');
    return stored;
  }

  it('sends once, recording the text, the sender, the run and how much was edited', () => {
    const q = drafted('Rye on Friday?', 'Yes, we have rye.');
    const sent = sendReply({
      questionId: q.id,
      version: q.version,
      text: 'Yes, we have rye!',
      userId: ana,
      now: at(5),
    });
    expect(sent.ok).toBe(true);
    const reply = getReplyForQuestion({ questionId: q.id });
    expect(reply).toMatchObject({
      text: 'Yes, we have rye!',
      sentBy: ana,
      sentAt: at(5),
      runId: q.draftRunId,
      edited: true,
      editDistance: 1,
    });
    const after = getQuestion({ id: q.id });
    expect(after?.status).toBe('sent');
    expect(after?.version).toBe(q.version + 1);
  });

  it('a send over a newer edit or draft than the sender confirmed sends nothing', () => {
    const q = drafted('Rye on Friday?', 'Yes, we have rye.');
    const seenBySender = q.version;
    const colleague = saveDraftEdit({
      id: q.id,
      version: q.version,
      text: 'Yes, but only until noon.',
      now: at(1),
    });
    expect(colleague.ok).toBe(true);
    const refused = sendReply({
      questionId: q.id,
      version: seenBySender,
      text: 'Yes, we have rye.',
      userId: ana,
      now: at(2),
    });
    expect(refused).toEqual({ ok: false, reason: 'changed', version: seenBySender + 1 });
    expect(count('replies')).toBe(0);
    expect(getQuestion({ id: q.id })?.status).toBe('drafted');
    // Confirmed again over the colleague's version, it goes.
    const again = sendReply({
      questionId: q.id,
      version: seenBySender + 1,
      text: 'Yes, but only until noon.',
      userId: ana,
      now: at(3),
    });
    expect(again.ok).toBe(true);
    // Measured against the run's draft, not the colleague's edit.
    expect(getReplyForQuestion({ questionId: q.id })?.editDistance).toBeGreaterThan(0);
  });

  it('a second send makes no second reply and says who sent it and when', () => {
    const q = drafted('Rye on Friday?', 'Yes.');
    sendReply({
      questionId: q.id,
      version: versionOf(q.id),
      text: 'Yes.',
      userId: ana,
      now: at(5),
    });
    const again = sendReply({
      questionId: q.id,
      version: versionOf(q.id),
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
    expect(count('replies')).toBe(1);
    expect(getReplyForQuestion({ questionId: q.id })?.edited).toBe(false);
  });

  it('sends nothing for a discarded or missing question', () => {
    const q = drafted('Spam', 'Hello');
    expect(discardQuestion({ id: q.id, reason: 'spam', now: at(1) }).ok).toBe(true);
    expect(
      sendReply({ questionId: q.id, version: versionOf(q.id), text: 'x', userId: ana, now: at(2) }),
    ).toEqual({
      ok: false,
      reason: 'discarded',
    });
    expect(sendReply({ questionId: 9999, version: 1, text: 'x', userId: ana, now: at(2) })).toEqual(
      {
        ok: false,
        reason: 'notFound',
      },
    );
    expect(count('replies')).toBe(0);
  });

  it('a send during a draft ends the draft: the worker’s result is dropped', () => {
    const q = drafted('Rye?', 'Yes.');
    const claim = claimQuestion({ id: q.id, owner: 'w2', leaseMs: 10_000, now: at(1) });
    expect(claim.ok).toBe(true);
    expect(
      sendReply({
        questionId: q.id,
        version: versionOf(q.id),
        text: 'By hand',
        userId: ana,
        now: at(2),
      }).ok,
    ).toBe(true);
    const late = recordAttempt({
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
    expect(getQuestion({ id: q.id })?.status).toBe('sent');
  });

  it('saves an edit over the version it started from, and refuses a stale one', () => {
    const q = drafted('Rye?', 'Yes.');
    const first = saveDraftEdit({ id: q.id, version: q.version, text: 'Yes, rye.', now: at(1) });
    expect(first.ok).toBe(true);
    const stale = saveDraftEdit({ id: q.id, version: q.version, text: 'Mine', now: at(2) });
    expect(stale).toMatchObject({ ok: false, reason: 'stale' });
    expect(getQuestion({ id: q.id })?.draftText).toBe('Yes, rye.');
    // The reply's edit distance is measured against the run's draft, not the saved edit.
    sendReply({
      questionId: q.id,
      version: versionOf(q.id),
      text: 'Yes, rye.',
      userId: ana,
      now: at(3),
    });
    expect(getReplyForQuestion({ questionId: q.id })?.editDistance).toBe(5);
    const current = getQuestion({ id: q.id });
    expect(
      saveDraftEdit({ id: q.id, version: current?.version ?? 0, text: 'late', now: at(4) }),
    ).toMatchObject({ ok: false, reason: 'notEditable' });
  });

  it('discards with a reason, once', () => {
    const q = drafted('Buy cheap watches', 'Hello');
    const done = discardQuestion({ id: q.id, reason: 'Spam', now: at(1) });
    expect(done).toMatchObject({
      ok: true,
      question: { status: 'discarded', discardReason: 'Spam' },
    });
    expect(discardQuestion({ id: q.id, reason: 'again', now: at(2) })).toMatchObject({
      ok: false,
      reason: 'closed',
    });
  });

  it('lists a tab newest first, searches text and customer, and counts by status', () => {
    const older = drafted('Rye loaf on Friday?', 'Yes.', at(0));
    const newer = drafted('Pretzels?', null, at(1000));
    const rows = listInbox({ group: 'needsReview', page: 1, pageSize: 10 });
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
    expect(listInbox({ group: 'needsReview', search: 'rye', page: 1, pageSize: 10 })).toHaveLength(
      1,
    );
    expect(
      listInbox({ group: 'needsReview', search: 'cleo@', page: 1, pageSize: 10 }),
    ).toHaveLength(2);
    // LIKE's wildcards are searched for literally.
    expect(listInbox({ group: 'needsReview', search: '%', page: 1, pageSize: 10 })).toHaveLength(0);
    expect(listInbox({ group: 'needsReview', page: 2, pageSize: 1 }).map((r) => r.id)).toEqual([
      older.id,
    ]);
    expect(countQuestionsByStatus({ search: 'pretzel' })).toEqual({ drafted: 1 });
    expect(inboxNeighbours({ group: 'needsReview', id: newer.id })).toEqual({
      previous: null,
      next: older.id,
    });
  });

  it('counts each tab from the kept counts, in step with every arrival, change and removal', () => {
    const byScan = () =>
      Object.fromEntries(
        (
          getDb()
            .$client.prepare('select status, count(*) as n from questions group by status')
            .all() as { status: string; n: number }[]
        ).map((r) => [r.status, r.n]),
      );
    const rye = drafted('Rye loaf on Friday?', 'Yes.', at(0));
    createQuestion({
      text: 'Bagels?',
      customerName: 'Dev',
      customerEmail: null,
      channel: 'web',
      now: at(1),
    });
    expect(countQuestionsByStatus({})).toEqual(byScan());
    expect(countQuestionsByStatus({})).toMatchObject({ drafted: 1, queued: 1 });
    discardQuestion({ id: rye.id, reason: 'Spam', now: at(2) });
    expect(countQuestionsByStatus({})).toEqual(byScan());
    expect(countQuestionsByStatus({}).drafted).toBeUndefined();
    getDb().$client.prepare("delete from questions where status = 'discarded'").run();
    expect(countQuestionsByStatus({})).toEqual(byScan());
    expect(countQuestionsByStatus({})).toEqual({ queued: 1 });
  });

  it('pages a tab of two states newest first across both, and steps through it in that order', () => {
    const queued = (text: string, ms: number) =>
      createQuestion({
        text,
        customerName: 'Dev',
        customerEmail: null,
        channel: 'web',
        now: at(ms),
      }).question;
    const a = queued('First?', 0);
    const b = queued('Second?', 1000);
    const c = queued('Third?', 2000);
    const d = queued('Fourth?', 3000);
    // Two of them being drafted now: the tab holds both states, interleaved in time.
    for (const q of [b, d]) {
      if (!claimQuestion({ id: q.id, owner: 'w', leaseMs: 60_000, now: at(4000) }).ok) {
        throw new Error('not claimed');
      }
    }
    const page = (n: number, size: number) =>
      listInbox({ group: 'inProgress', page: n, pageSize: size }).map((r) => r.id);
    expect(page(1, 10)).toEqual([d.id, c.id, b.id, a.id]);
    expect([...page(1, 3), ...page(2, 3)]).toEqual([d.id, c.id, b.id, a.id]);
    expect(page(2, 2)).toEqual([b.id, a.id]);
    expect(page(3, 2)).toEqual([]);
    expect(inboxNeighbours({ group: 'inProgress', id: c.id })).toEqual({
      previous: d.id,
      next: b.id,
    });
    expect(inboxNeighbours({ group: 'inProgress', id: b.id })).toEqual({
      previous: c.id,
      next: a.id,
    });
  });

  it('keeps a run’s mark for a person and filters the list and counts by it', () => {
    drafted('Rye loaf on Friday?', 'Yes.', at(0));
    const sesame = drafted('Sesame in the rye?', 'A person will check.', at(1000), {
      needsPersonReason: 'allergens',
      needsPersonNote: 'sesame in the rye loaf',
    });
    const marked = listInbox({ group: 'needsReview', needsPerson: true, page: 1, pageSize: 10 });
    expect(marked.map((r) => [r.id, r.run?.needsPersonReason, r.run?.needsPersonNote])).toEqual([
      [sesame.id, 'allergens', 'sesame in the rye loaf'],
    ]);
    expect(listInbox({ group: 'needsReview', page: 1, pageSize: 10 })).toHaveLength(2);
    expect(countQuestionsByStatus({ needsPerson: true })).toEqual({ drafted: 1 });
    expect(countQuestionsByStatus({})).toMatchObject({ drafted: 2 });
    expect(getQuestionDetail({ id: sesame.id })?.runs[0]).toMatchObject({
      needsPersonReason: 'allergens',
      needsPersonNote: 'sesame in the rye loaf',
    });
  });

  it('reads a question with its runs and tool calls, newest run first', () => {
    const q = drafted('Croissants?', 'No croissants, sorry.');
    const detail = getQuestionDetail({ id: q.id });
    expect(detail?.runs).toHaveLength(1);
    expect(detail?.runs[0]?.calls[0]).toMatchObject({
      toolName: 'menu_item',
      errorKind: 'notFound',
    });
    expect(detail?.replies).toEqual([]);
    expect(detail?.thread.map((m) => [m.author, m.text])).toEqual([['customer', 'Croissants?']]);
    sendReply({
      questionId: q.id,
      version: versionOf(q.id),
      text: 'Sorry!',
      userId: ben,
      now: at(1),
    });
    const after = getQuestionDetail({ id: q.id });
    expect(after?.replies).toMatchObject([{ senderName: 'Ben', text: 'Sorry!' }]);
    expect(after?.thread.map((m) => [m.author, m.text, m.senderName])).toEqual([
      ['customer', 'Croissants?', null],
      ['bakery', 'Sorry!', 'Ben'],
    ]);
    expect(getQuestionDetail({ id: 123456 })).toBeUndefined();
  });

  it('the change stamp moves when a question arrives or changes', () => {
    const before = inboxChangeStamp();
    const q = drafted('Rye?', 'Yes.');
    const afterArrival = inboxChangeStamp();
    expect(afterArrival).not.toBe(before);
    expect(inboxChangeStamp()).toBe(afterArrival);
    saveDraftEdit({ id: q.id, version: q.version, text: 'Yes!', now: at(9) });
    expect(inboxChangeStamp()).not.toBe(afterArrival);
  });
});
