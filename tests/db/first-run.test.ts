// @module-tag postgres: the guided start's writes, the example questions' removal and a menu replaced whole.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBakery } from '@/db/bakery';
import { countExampleQuestions, removeExampleQuestions, setFirstRun } from '@/db/first-run';
import { listMenuItems, replaceMenu } from '@/db/menu';
import { createUser } from '@/db/users';
import { readMenuCsv } from '@/lib/bakery-facts/menu-csv';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let ownerId: number;
const now = new Date('2026-12-01T09:00:00Z');

beforeEach(async () => {
  temp = await useTempDatabase();
  const owner = await createUser({
    email: 'olive@example.com',
    name: 'Olive',
    role: 'owner',
    passwordHash: 'x',
    now,
  });
  if (!owner.ok) throw new Error(owner.reason);
  ownerId = owner.user.id;
});
afterEach(() => temp.cleanup());

const statusCounts = async () =>
  Object.fromEntries(
    (
      await sqlRows<{ status: string; count: number }>(
        'select status, count from question_status_counts',
      )
    ).map((r) => [r.status, Number(r.count)]),
  );

describe('the guided start', () => {
  it('is pending on a freshly seeded desk, and done once finished or skipped, audited', async () => {
    expect((await getBakery()).firstRun).toBe('pending');
    expect(await setFirstRun({ state: 'done', by: ownerId, now })).toEqual({ changed: true });
    expect((await getBakery()).firstRun).toBe('done');
    expect(await setFirstRun({ state: 'done', by: ownerId, now })).toEqual({ changed: false });
    const audit = await sqlRows<{ action: string; user_id: number }>(
      "select action, user_id from audit_log where entity = 'bakery'",
    );
    expect(audit).toEqual([{ action: 'firstRun.done', user_id: ownerId }]);
  });
});

describe('removing the example questions', () => {
  it('deletes every example, with its messages and drafts, in one step with one audit row', async () => {
    const examples = await countExampleQuestions();
    expect(examples).toBeGreaterThan(1);
    // A customer's question, and a drafted example, beside them.
    await sqlRun(
      `insert into questions (text, customer_name, channel, ticket_token, status, received_at, updated_at)
       values ('Rye on Saturday?', 'Cy', 'web', 'customer-ticket', 'queued', 1, 1)`,
    );
    const example = await sqlValue("select min(id) from questions where channel = 'sample'");
    await sqlRun(
      `insert into agent_runs (question_id, model, stop_kind, draft_text, facts_version, started_at, finished_at)
       values (?, 'offline', 'answered', 'Draft', 1, 1, 2)`,
      example,
    );
    const queuedBefore = (await statusCounts()).queued ?? 0;

    expect(await removeExampleQuestions({ by: ownerId, now })).toEqual({ removed: examples });
    expect(await countExampleQuestions()).toBe(0);
    expect(await sqlRows('select text from questions')).toEqual([{ text: 'Rye on Saturday?' }]);
    expect(Number(await sqlValue("select count(*) from messages where channel = 'sample'"))).toBe(
      0,
    );
    expect(Number(await sqlValue('select count(*) from agent_runs'))).toBe(0);
    // The inbox's tab counts (kept by triggers) follow.
    expect((await statusCounts()).queued).toBe(queuedBefore - examples);
    const audit = await sqlRows<{ action: string; before: string }>(
      "select action, before from audit_log where action = 'samples.remove'",
    );
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0]?.before)).exampleQuestions).toHaveLength(examples);

    // Once gone, a second press changes nothing and writes no audit row.
    expect(await removeExampleQuestions({ by: ownerId, now })).toEqual({ removed: 0 });
    expect(
      Number(await sqlValue("select count(*) from audit_log where action = 'samples.remove'")),
    ).toBe(1);
  });
});

describe('a menu replaced whole', () => {
  const csv = [
    'name,price,notice days,allergens',
    'Rye loaf,6.50,0,wheat',
    'Croissant,3.25,0,"wheat; milk"',
    'Cake,40,3,none',
  ].join('\n');

  it('writes the file’s items in place of the example menu, with one audit row and a new facts version', async () => {
    const before = await listMenuItems();
    expect(before.length).toBeGreaterThan(0);
    const version = Number(await sqlValue('select facts_version from bakery'));
    const reading = readMenuCsv(csv);
    if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
    expect(await replaceMenu({ items: reading.items, by: ownerId, now })).toEqual({ count: 3 });
    const after = await listMenuItems();
    expect(after.map((i) => [i.name, i.priceCents, i.noticeDays, i.allergens])).toEqual([
      ['Cake', 4000, 3, []],
      ['Croissant', 325, 0, ['wheat/gluten', 'milk']],
      ['Rye loaf', 650, 0, ['wheat/gluten']],
    ]);
    expect(Number(await sqlValue('select facts_version from bakery'))).toBe(version + 1);
    const audit = await sqlRows<{ after: string }>(
      "select after from audit_log where action = 'menu.replace'",
    );
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0]?.after))).toHaveLength(3);
  });

  it('starts empty when given nothing', async () => {
    expect(await replaceMenu({ items: [], by: ownerId, now })).toEqual({ count: 0 });
    expect(await listMenuItems()).toEqual([]);
  });

  it('leaves the menu as it was when any item cannot be written', async () => {
    const before = await listMenuItems();
    const reading = readMenuCsv(csv);
    if (!reading.ok) throw new Error('expected a good file');
    const clash = [
      ...reading.items,
      { ...reading.items[0], name: 'rye loaf' },
    ] as typeof reading.items;
    await expect(replaceMenu({ items: clash, by: ownerId, now })).rejects.toThrow();
    expect(await listMenuItems()).toEqual(before);
    expect(
      Number(await sqlValue("select count(*) from audit_log where action = 'menu.replace'")),
    ).toBe(0);
  });
});
