// @module-tag postgres: the facts version and its change notices.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBakery, getBakeryFacts } from '@/db/bakery';
import { getBakeryData, toBakeryData } from '@/db/bakery-data';
import { addDateException } from '@/db/date-exceptions';
import { saveWeeklyHours } from '@/db/hours';
import { saveHandoverTopics } from '@/db/knowledge';
import { listMenuItems, updateMenuItem } from '@/db/menu';
import { createQuestion } from '@/db/questions';
import { claimNextQuestion } from '@/db/queue';
import { updateBakerySettings } from '@/db/settings';
import { createUser } from '@/db/users';
import { answerReply, callsReply, scriptedModel } from '@/lib/agent/models/scripted';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { draftClaimedQuestion } from '@/server/drafting/draft-question';
import { openOutsideConnection } from '../support/outside-connection';
import { sqlRows, sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * The bakery's facts are kept between drafts and read again only when bakery.factsVersion
 * moves: against a real database (a SQLite file, or a PostgreSQL database), a kept read equals
 * a fresh one, and every kind of owner's edit reaches the very next read and the very next draft.
 */
const now = new Date('2026-11-30T12:00:00Z');
let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let by = 0;

beforeEach(async () => {
  temp = await useTempDatabase();
  const created = await createUser({
    email: 'olive@cache.test',
    name: 'Olive',
    role: 'owner',
    passwordHash: UNMATCHABLE_PASSWORD_HASH,
    now,
  });
  if (!created.ok) throw new Error('no owner');
  by = created.user.id;
});
afterEach(() => temp.cleanup());

/** What a read straight from the rows gives, bypassing anything kept. */
const freshRead = async () => {
  const facts = await getBakeryFacts();
  return { data: toBakeryData(facts), factsVersion: facts.bakery.factsVersion };
};

const ryeLoaf = async () => {
  const item = (await listMenuItems()).find((row) => row.name === 'rye loaf');
  if (!item) throw new Error('the example bakery has no rye loaf');
  return item;
};

async function repriceRye(priceCents: number) {
  const item = await ryeLoaf();
  const updated = await updateMenuItem({
    id: item.id,
    input: {
      name: item.name,
      price: priceCents,
      noticeDays: item.noticeDays,
      description: item.description,
      available: item.available,
      ingredients: item.ingredients,
      allergensRecorded: item.allergens !== null,
      allergens: item.allergens ?? [],
      mayContain: item.mayContain ?? [],
      dietary: item.dietary,
    },
    by,
    now,
  });
  if (!updated.ok) throw new Error(updated.reason);
}

describe("the bakery's facts between drafts", () => {
  it('a kept read is the same facts as a fresh one, and is kept while the version stands', async () => {
    const first = await getBakeryData();
    expect(first).toEqual(await freshRead());
    const second = await getBakeryData();
    expect(second).toBe(first);
    expect(second).toEqual(await freshRead());
  });

  it('is shared, so nothing may change it in place', async () => {
    const { data } = await getBakeryData();
    const [first] = data.menu as { name: string }[];
    expect(() => {
      if (first) first.name = 'Changed';
    }).toThrow(TypeError);
    expect(() => (data.menu as unknown[]).push({})).toThrow(TypeError);
    expect((await getBakeryData()).data).toEqual((await freshRead()).data);
  });

  it('every kind of owner edit is read at once, with the version it made', async () => {
    const edits: [
      string,
      () => Promise<unknown>,
      (data: Awaited<ReturnType<typeof getBakeryData>>['data']) => void,
    ][] = [
      [
        'menu',
        () => repriceRye(1234),
        (data) => expect(data.menu.find((item) => item.name === 'rye loaf')?.priceCents).toBe(1234),
      ],
      [
        'hours',
        () =>
          saveWeeklyHours({
            days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
              weekday,
              opens: weekday === 7 ? null : '06:30',
              closes: weekday === 7 ? null : '15:00',
            })),
            by,
            now,
          }),
        (data) => expect(data.weeklyHours[1]).toEqual({ opens: '06:30', closes: '15:00' }),
      ],
      [
        'date exception',
        () =>
          addDateException({
            input: {
              date: '2026-12-25',
              closed: true,
              opens: null,
              closes: null,
              note: 'Christmas',
            },
            by,
            now,
          }),
        (data) => expect(data.dateExceptions.map((day) => day.date)).toContain('2026-12-25'),
      ],
      [
        'settings',
        async () => {
          const bakery = await getBakery();
          await updateBakerySettings({
            input: {
              name: 'Crumb & Co',
              timezone: bakery.timezone,
              contact: bakery.contact,
              locale: bakery.locale,
              currency: bakery.currency,
              dailyBudget: bakery.dailyBudgetCents,
              showStaffNames: bakery.showStaffNames,
            },
            by,
            now,
          });
        },
        (data) => expect(data.name).toBe('Crumb & Co'),
      ],
      [
        'handover topics',
        () => saveHandoverTopics({ topics: ['wedding cakes'], by, now }),
        (data) => expect(data.handoverTopics).toEqual(['wedding cakes']),
      ],
    ];
    for (const [what, edit, expectEdited] of edits) {
      const before = await getBakeryData();
      await edit();
      const after = await getBakeryData();
      expect(after.factsVersion, what).toBe(before.factsVersion + 1);
      expectEdited(after.data);
      expect(after, what).toEqual(await freshRead());
    }
  });

  it("another process's edit is read at once: only the version decides", async () => {
    const before = await getBakeryData();
    // Another process's connection: a second handle on the SQLite file, or on PostgreSQL
    // another connection to the database.
    const other = await openOutsideConnection(temp);
    try {
      // A write that leaves the version alone is no change to the facts (only the owner's
      // edits, which always bump it, are): the kept read stands.
      await other.run("update bakery set contact = 'not through an edit'");
      expect(await getBakeryData()).toBe(before);
      await other.run("update menu_items set price_cents = 4321 where name = 'rye loaf'");
      await other.run('update bakery set facts_version = facts_version + 1');
    } finally {
      await other.close();
    }
    const after = await getBakeryData();
    expect(after.factsVersion).toBe(before.factsVersion + 1);
    expect(after.data.menu.find((item) => item.name === 'rye loaf')?.priceCents).toBe(4321);
    expect(after).toEqual(await freshRead());
  });

  it('a database opened afresh is read afresh, even at the same version', async () => {
    const first = await getBakeryData();
    const second = await useTempDatabase();
    try {
      await sqlRun("update bakery set name = 'Another bakery'");
      const other = await getBakeryData();
      expect(other.factsVersion).toBe(first.factsVersion);
      expect(other.data.name).toBe('Another bakery');
    } finally {
      await second.cleanup();
    }
  });

  it('the next draft after an edit quotes the edited price and records its version', async () => {
    await sqlRun("update questions set status = 'discarded'");
    const ask = () =>
      createQuestion({
        text: 'How much is a rye loaf?',
        customerName: 'T',
        customerEmail: null,
        channel: 'web',
      });
    const draft = async () => {
      const question = await claimNextQuestion({ owner: 'w1', leaseMs: 30_000, now: new Date() });
      if (!question) throw new Error('nothing to claim');
      const outcome = await draftClaimedQuestion({
        question,
        owner: 'w1',
        signal: new AbortController().signal,
        settings: {
          limits: { maxTurns: 4, maxTokens: 10_000, maxDollars: 1 },
          leaseMs: 30_000,
          maxAttempts: 3,
          makeModel: () =>
            scriptedModel([
              callsReply([{ id: 'c1', name: 'menu_item', input: { name: 'rye loaf' } }]),
              answerReply('Here is the price.'),
            ]),
        },
      });
      if (outcome.kind !== 'stored') throw new Error(outcome.kind);
      const [row] = await sqlRows<{ facts_version: number; result: string }>(
        'select r.facts_version, c.result from agent_runs r join tool_calls c on c.run_id = r.id where r.id = ?',
        outcome.runId,
      );
      if (!row) throw new Error('no run stored');
      return row;
    };

    await ask();
    const first = await draft();
    await repriceRye(1234);
    await ask();
    const second = await draft();
    expect(second.facts_version).toBe(first.facts_version + 1);
    expect(JSON.parse(first.result).price).toMatch(/^\$\d+\.\d\d$/);
    expect(JSON.parse(first.result).price).not.toBe('$12.34');
    expect(JSON.parse(second.result).price).toBe('$12.34');
  });
});
