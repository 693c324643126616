// @module-tag postgres: labels, conversations' labels and bulk actions in one transaction.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bulkAssign, bulkDiscard, bulkLabel, versionsOf } from '@/db/bulk';
import { countQuestionsByStatus, listInbox } from '@/db/inbox';
import {
  addConversationLabel,
  createLabel,
  deleteLabel,
  labelsOfQuestions,
  listLabels,
  removeConversationLabel,
  updateLabel,
} from '@/db/labels';
import { createQuestion, getQuestion } from '@/db/questions';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const t0 = new Date('2026-12-01T15:00:00Z');
const count = async (text: string, ...params: unknown[]) => Number(await sqlValue(text, ...params));

describe('labels and bulk actions', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let ana: number;
  let q: number[];

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
    const created = await createUser({
      email: 'ana@labels.test',
      name: 'Ana',
      role: 'staff',
      passwordHash: UNMATCHABLE_PASSWORD_HASH,
      now: t0,
    });
    if (!created.ok) throw new Error('no user');
    ana = created.user.id;
    q = [];
    for (const text of ['Rye?', 'Wedding cake for 80?', 'Gluten free?']) {
      q.push(
        (
          await createQuestion({
            text,
            customerName: 'Cleo',
            customerEmail: null,
            channel: 'web',
            now: t0,
          })
        ).question.id,
      );
    }
  });
  afterEach(() => temp.cleanup());

  const label = async (name: string, colour = '#1d4ed8') => {
    const made = await createLabel({ name, colour, by: null, now: t0 });
    if (!made.ok) throw new Error(made.reason);
    return made.label;
  };
  const shown = async (ids: number[]) => {
    const versions = await versionsOf(ids);
    return ids.map((id) => ({ id, version: versions.get(id) ?? 0 }));
  };

  it('keeps labels with unique names whatever their case, audited', async () => {
    const wholesale = await label('Wholesale');
    await label('Allergy', '#fde68a');
    expect(await createLabel({ name: 'wholesale', colour: '#000000', by: null, now: t0 })).toEqual({
      ok: false,
      reason: 'taken',
    });
    expect((await listLabels()).map((l) => l.name)).toEqual(['Allergy', 'Wholesale']);
    expect(
      await updateLabel({
        id: wholesale.id,
        name: 'ALLERGY',
        colour: '#000000',
        by: null,
        now: t0,
      }),
    ).toEqual({ ok: false, reason: 'taken' });
    const renamed = await updateLabel({
      id: wholesale.id,
      name: 'Trade',
      colour: '#065f46',
      by: null,
      now: t0,
    });
    expect(renamed).toMatchObject({ ok: true, label: { name: 'Trade', colour: '#065f46' } });
    expect(
      (
        await sqlRows<{ action: string }>("select action from audit_log where entity = 'label'")
      ).map((r) => r.action),
    ).toEqual(['label.create', 'label.create', 'label.update']);
  });

  it('puts labels on and off a conversation, and filters the inbox by one', async () => {
    const wedding = await label('Wedding');
    const other = await label('Other', '#7c2d12');
    const versionBefore = (await getQuestion({ id: q[1] ?? 0 }))?.version;
    const on = { questionId: q[1] ?? 0, labelId: wedding.id, by: ana, now: t0 };
    expect(await addConversationLabel(on)).toEqual({ ok: true, changed: true });
    expect(await addConversationLabel(on)).toEqual({ ok: true, changed: false });
    await addConversationLabel({ ...on, questionId: q[2] ?? 0, labelId: other.id });
    // A label is no change to the question a colleague may be editing.
    expect((await getQuestion({ id: q[1] ?? 0 }))?.version).toBe(versionBefore);

    const carried = await labelsOfQuestions(q);
    expect(carried.get(q[1] ?? 0)?.map((l) => l.name)).toEqual(['Wedding']);
    expect(carried.get(q[0] ?? 0)).toBeUndefined();

    const list = await listInbox({
      group: 'inProgress',
      labelId: wedding.id,
      page: 1,
      pageSize: 25,
    });
    expect(list.map((row) => row.id)).toEqual([q[1]]);
    expect(await countQuestionsByStatus({ labelId: wedding.id })).toEqual({ queued: 1 });

    expect(await removeConversationLabel(on)).toEqual({ ok: true, changed: true });
    expect(await removeConversationLabel(on)).toEqual({ ok: true, changed: false });
    expect(
      await listInbox({ group: 'inProgress', labelId: wedding.id, page: 1, pageSize: 25 }),
    ).toEqual([]);
    expect(await addConversationLabel({ ...on, labelId: 9999 })).toEqual({
      ok: false,
      reason: 'noLabel',
    });
    expect(await addConversationLabel({ ...on, questionId: 9999 })).toEqual({
      ok: false,
      reason: 'noQuestion',
    });
    expect(
      (
        await sqlRows<{ action: string }>(
          "select action from audit_log where action like 'conversation.%' order by id",
        )
      ).map((r) => r.action),
    ).toEqual(['conversation.label', 'conversation.label', 'conversation.unlabel']);
  });

  it('removing a label takes it off every conversation', async () => {
    const wedding = await label('Wedding');
    await bulkLabel({ rows: await shown(q), labelId: wedding.id, by: ana, now: t0 });
    expect(await deleteLabel({ id: wedding.id, by: null, now: t0 })).toEqual({
      ok: true,
      conversations: 3,
    });
    expect(await count('select count(*) from conversation_labels')).toBe(0);
    expect(await deleteLabel({ id: wedding.id, by: null, now: t0 })).toEqual({
      ok: false,
      reason: 'notFound',
    });
  });

  it('discards many questions with one reason in one transaction, each audited', async () => {
    const result = await bulkDiscard({
      rows: await shown(q),
      reason: 'Examples',
      by: ana,
      now: t0,
    });
    expect(result).toEqual({ ok: true, changed: 3 });
    const rows = await sqlRows<{ status: string; discard_reason: string }>(
      `select status, discard_reason from questions where id in (${q.join(',')})`,
    );
    expect(rows).toEqual(q.map(() => ({ status: 'discarded', discard_reason: 'Examples' })));
    expect(await count("select count(*) from audit_log where action = 'question.discard'")).toBe(3);
  });

  it('refuses the whole action when any row changed since it was shown, naming it', async () => {
    const rows = await shown(q);
    await sqlRun('update questions set version = version + 1 where id = ?', q[2]);
    const auditBefore = await count('select count(*) from audit_log');
    expect(await bulkDiscard({ rows, reason: 'Examples', by: ana, now: t0 })).toEqual({
      ok: false,
      reason: 'changed',
      ids: [q[2]],
    });
    const wedding = await label('Wedding');
    expect(await bulkLabel({ rows, labelId: wedding.id, by: ana, now: t0 })).toEqual({
      ok: false,
      reason: 'changed',
      ids: [q[2]],
    });
    expect(
      await count(
        "select count(*) from questions where status = 'discarded' and id in (?, ?, ?)",
        ...q,
      ),
    ).toBe(0);
    expect(await count('select count(*) from conversation_labels')).toBe(0);
    // Only the label's own creation was written.
    expect(await count('select count(*) from audit_log')).toBe(auditBefore + 1);
  });

  it('refuses to discard a row someone already closed', async () => {
    const rows = await shown(q);
    await sqlRun("update questions set status = 'sent' where id = ?", q[0]);
    expect(await bulkDiscard({ rows, reason: 'Examples', by: ana, now: t0 })).toMatchObject({
      ok: false,
      ids: [q[0]],
    });
  });

  it('labels many at once, leaving those already labelled as they are', async () => {
    const wedding = await label('Wedding');
    await addConversationLabel({ questionId: q[0] ?? 0, labelId: wedding.id, by: ana, now: t0 });
    expect(
      await bulkLabel({ rows: await shown(q), labelId: wedding.id, by: ana, now: t0 }),
    ).toEqual({ ok: true, changed: 2 });
    expect(await count('select count(*) from conversation_labels')).toBe(3);
    expect(await bulkLabel({ rows: await shown(q), labelId: 9999, by: ana, now: t0 })).toEqual({
      ok: false,
      reason: 'noLabel',
    });
  });

  it('assigns many at once to a person, then to nobody, audited by name, without moving versions', async () => {
    const rows = await shown(q);
    expect(await bulkAssign({ rows, assigneeId: ana, by: ana, now: t0 })).toEqual({
      ok: true,
      changed: 3,
    });
    expect(await count('select count(*) from questions where assignee_id = ?', ana)).toBe(3);
    // Versions untouched: the same rows as shown can be acted on again.
    expect(await bulkAssign({ rows, assigneeId: null, by: ana, now: t0 })).toEqual({
      ok: true,
      changed: 3,
    });
    expect(await count('select count(*) from questions where assignee_id is not null')).toBe(0);
    const audit = await sqlRows<{ action: string; after: string }>(
      "select action, after from audit_log where action like 'question.%assign' order by id",
    );
    expect(audit.map((row) => row.action)).toEqual([
      'question.assign',
      'question.assign',
      'question.assign',
      'question.unassign',
      'question.unassign',
      'question.unassign',
    ]);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toEqual({ assigneeId: ana, assignee: 'Ana' });
    expect(await bulkAssign({ rows, assigneeId: 9999, by: ana, now: t0 })).toEqual({
      ok: false,
      reason: 'noSuchPerson',
    });
    await sqlRun('update questions set version = version + 1 where id = ?', q[0]);
    expect(await bulkAssign({ rows, assigneeId: ana, by: ana, now: t0 })).toEqual({
      ok: false,
      reason: 'changed',
      ids: [q[0]],
    });
    expect(await count('select count(*) from questions where assignee_id is not null')).toBe(0);
  });
});
