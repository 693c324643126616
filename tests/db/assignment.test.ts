// @module-tag postgres: assignment's checked writes, its audit rows and the inbox's views.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assignOnOpen,
  assignQuestion,
  getAssignee,
  getAssignOnOpen,
  listAssignablePeople,
  setAssignOnOpen,
} from '@/db/assignment';
import { discardQuestion } from '@/db/drafts';
import { countQuestionsByStatus, inboxChangeStamp, listInbox } from '@/db/inbox';
import { createQuestion, getQuestion } from '@/db/questions';
import { createUser, removeStaffUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';
import { startCountingWrites } from '../support/write-count';

const t0 = new Date('2026-12-01T15:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

type AuditRow = { action: string; user_id: number; before: string; after: string };

async function auditRows(): Promise<
  { action: string; by: number; before: unknown; after: unknown }[]
> {
  const rows = await sqlRows<AuditRow>(
    "select action, user_id, before, after from audit_log where entity = 'question' order by id",
  );
  return rows.map((r) => ({
    action: r.action,
    by: Number(r.user_id),
    before: JSON.parse(r.before),
    after: JSON.parse(r.after),
  }));
}

describe('assignment', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let ana: number;
  let ben: number;
  let owner: number;
  let question: number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    // The example bakery's questions stay out of the counts.
    await sqlRun("update questions set status = 'discarded'");
    const person = async (name: string, role: 'staff' | 'owner' = 'staff') => {
      const created = await createUser({
        email: `${name}@assign.test`,
        name,
        role,
        passwordHash: UNMATCHABLE_PASSWORD_HASH,
        now: t0,
      });
      if (!created.ok) throw new Error('no user');
      return created.user.id;
    };
    ana = await person('Ana');
    ben = await person('Ben');
    owner = await person('Olive', 'owner');
    question = (
      await createQuestion({
        text: 'Rye on Saturday?',
        customerName: 'Cleo',
        customerEmail: null,
        channel: 'web',
        now: t0,
      })
    ).question.id;
  });
  afterEach(() => temp.cleanup());

  it('assigns to oneself, to a colleague and to nobody, each audited with the assignee', async () => {
    const versionBefore = (await getQuestion({ id: question }))?.version;
    expect(
      await assignQuestion({
        questionId: question,
        assigneeId: ana,
        expected: null,
        by: ana,
        now: at(1),
      }),
    ).toEqual({ ok: true, changed: true, assignee: { id: ana, name: 'Ana' } });
    expect(await getAssignee({ questionId: question })).toEqual({ id: ana, name: 'Ana' });
    expect(
      await assignQuestion({
        questionId: question,
        assigneeId: ben,
        expected: ana,
        by: ana,
        now: at(2),
      }),
    ).toMatchObject({ ok: true, assignee: { id: ben, name: 'Ben' } });
    expect(
      await assignQuestion({
        questionId: question,
        assigneeId: null,
        expected: ben,
        by: ben,
        now: at(3),
      }),
    ).toEqual({ ok: true, changed: true, assignee: null });
    expect(await getAssignee({ questionId: question })).toBeNull();
    // A colleague's open draft edit stays saveable: the draft's version does not move.
    expect((await getQuestion({ id: question }))?.version).toBe(versionBefore);
    expect(await auditRows()).toEqual([
      {
        action: 'question.assign',
        by: ana,
        before: { assigneeId: null, assignee: null },
        after: { assigneeId: ana, assignee: 'Ana' },
      },
      {
        action: 'question.assign',
        by: ana,
        before: { assigneeId: ana, assignee: 'Ana' },
        after: { assigneeId: ben, assignee: 'Ben' },
      },
      {
        action: 'question.unassign',
        by: ben,
        before: { assigneeId: ben, assignee: 'Ben' },
        after: { assigneeId: null, assignee: null },
      },
    ]);
  });

  it('two people assigning at once: exactly one wins, the other is told who has it and writes nothing', async () => {
    const results = await Promise.all([
      assignQuestion({
        questionId: question,
        assigneeId: ana,
        expected: null,
        by: ana,
        now: at(1),
      }),
      assignQuestion({
        questionId: question,
        assigneeId: ben,
        expected: null,
        by: ben,
        now: at(1),
      }),
    ]);
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r) => !r.ok);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const winner = won[0]?.ok ? won[0].assignee : null;
    expect(lost[0]).toEqual({ ok: false, reason: 'changed', assignee: winner });
    expect(await getAssignee({ questionId: question })).toEqual(winner);
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses over an assignment the person did not see, a removed person and a missing question, writing nothing', async () => {
    await assignQuestion({
      questionId: question,
      assigneeId: ana,
      expected: null,
      by: ana,
      now: at(1),
    });
    await removeStaffUser({ userId: ben, removedBy: owner, now: at(2) });
    const writes = await startCountingWrites();
    const writesBefore = await writes();
    expect(
      await assignQuestion({
        questionId: question,
        assigneeId: owner,
        expected: null,
        by: owner,
        now: at(3),
      }),
    ).toEqual({ ok: false, reason: 'changed', assignee: { id: ana, name: 'Ana' } });
    expect(
      await assignQuestion({
        questionId: question,
        assigneeId: ben,
        expected: ana,
        by: ana,
        now: at(3),
      }),
    ).toEqual({ ok: false, reason: 'noSuchPerson' });
    expect(
      await assignQuestion({
        questionId: 999_999,
        assigneeId: ana,
        expected: null,
        by: ana,
        now: at(3),
      }),
    ).toEqual({ ok: false, reason: 'notFound' });
    // Assigning to whom it already has changes nothing.
    expect(
      await assignQuestion({
        questionId: question,
        assigneeId: ana,
        expected: ana,
        by: ana,
        now: at(3),
      }),
    ).toEqual({ ok: true, changed: false, assignee: { id: ana, name: 'Ana' } });
    expect(await writes()).toBe(writesBefore);
    expect((await listAssignablePeople()).map((p) => p.name)).toEqual(['Ana', 'Olive']);
  });

  it('moves the inbox change stamp, so every open inbox (on any server) refreshes', async () => {
    const before = await inboxChangeStamp();
    await assignQuestion({
      questionId: question,
      assigneeId: ana,
      expected: null,
      by: ana,
      // Later than every row's last change, as a real assignment's clock is.
      now: new Date(Date.now() + 60_000),
    });
    expect(await inboxChangeStamp()).not.toBe(before);
  });

  it('the inbox’s Mine and Unassigned views, with the assignee in the row', async () => {
    const second = (
      await createQuestion({
        text: 'Gluten free?',
        customerName: 'Dara',
        customerEmail: null,
        channel: 'web',
        now: at(5),
      })
    ).question.id;
    const third = (
      await createQuestion({
        text: 'Open Sunday?',
        customerName: 'Eli',
        customerEmail: null,
        channel: 'web',
        now: at(6),
      })
    ).question.id;
    await assignQuestion({
      questionId: question,
      assigneeId: ana,
      expected: null,
      by: ana,
      now: at(7),
    });
    await assignQuestion({
      questionId: second,
      assigneeId: ben,
      expected: null,
      by: ana,
      now: at(8),
    });
    const list = (view: { mine: number } | 'unassigned' | undefined) =>
      listInbox({ group: 'inProgress', assignee: view, page: 1, pageSize: 10 });
    expect((await list({ mine: ana })).map((r) => [r.id, r.assigneeName])).toEqual([
      [question, 'Ana'],
    ]);
    expect((await list({ mine: ben })).map((r) => [r.id, r.assigneeName])).toEqual([
      [second, 'Ben'],
    ]);
    expect((await list('unassigned')).map((r) => r.id)).toEqual([third]);
    expect((await list(undefined)).map((r) => r.id)).toEqual([third, second, question]);
    expect(await countQuestionsByStatus({ assignee: { mine: ana } })).toEqual({ queued: 1 });
    expect(await countQuestionsByStatus({ assignee: 'unassigned' })).toMatchObject({ queued: 1 });
  });

  it('assign on open: off by default; on, the first opener of an open, unassigned question takes it', async () => {
    expect(await getAssignOnOpen()).toBe(false);
    expect(await assignOnOpen({ questionId: question, userId: ana, now: at(1) })).toBeNull();
    expect(await getAssignee({ questionId: question })).toBeNull();

    expect(await setAssignOnOpen({ on: true, by: owner, now: at(2) })).toEqual({ changed: true });
    expect(await setAssignOnOpen({ on: true, by: owner, now: at(2) })).toEqual({ changed: false });
    expect(
      await sqlValue("select count(*) from audit_log where action = 'settings.assignOnOpen'"),
    ).toBe(1);

    const [first, second] = await Promise.all([
      assignOnOpen({ questionId: question, userId: ana, now: at(3) }),
      assignOnOpen({ questionId: question, userId: ben, now: at(3) }),
    ]);
    expect([first, second].filter((p) => p !== null)).toHaveLength(1);
    const taker = first ?? second;
    expect(await getAssignee({ questionId: question })).toEqual(taker);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'question.assign',
      after: { assigneeId: taker?.id, assignee: taker?.name, onOpen: true },
    });

    // A closed question is not taken by opening it.
    const closed = (
      await createQuestion({
        text: 'Spam',
        customerName: 'Bot',
        customerEmail: null,
        channel: 'web',
        now: at(4),
      })
    ).question.id;
    await discardQuestion({ id: closed, reason: 'spam here', now: at(5) });
    expect(await assignOnOpen({ questionId: closed, userId: ana, now: at(6) })).toBeNull();
  });
});
