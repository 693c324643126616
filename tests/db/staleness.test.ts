// @module-tag postgres: fact changes read by staleness.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveWeeklyHours } from '@/db/hours';
import { currentFacts, listInbox } from '@/db/inbox';
import { listKnowledgeEntries, saveHandoverTopics, setKnowledgeEntryEnabled } from '@/db/knowledge';
import { listMenuItems, updateMenuItem } from '@/db/menu';
import { createQuestion } from '@/db/questions';
import { claimQuestion } from '@/db/queue';
import { createUser } from '@/db/users';
import { offlineModel } from '@/lib/agent';
import { menuItemInput } from '@/lib/bakery-facts/schemas';
import { draftMarks } from '@/lib/inbox/groups';
import { draftClaimedQuestion } from '@/server/drafting/draft-question';
import { sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * Real drafts on a real database: a change marks stale only the drafts that read what changed,
 * and runs stored before those records were kept stay stale after any change.
 */

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let by = 0;
const now = new Date('2026-12-01T15:00:00Z');

const settings = {
  limits: { maxTurns: 4, maxTokens: 10_000, maxDollars: 1 },
  leaseMs: 30_000,
  maxAttempts: 3,
  makeModel: ({ facts, now, askedAt }: Parameters<typeof offlineModel>[0] & { askedAt: Date }) =>
    offlineModel({ facts, now, askedAt }),
};

async function drafted(text: string): Promise<number> {
  const { question } = await createQuestion({
    text,
    customerName: 'C',
    customerEmail: null,
    channel: 'web',
    now,
  });
  const claim = await claimQuestion({
    id: question.id,
    owner: 'test',
    leaseMs: 30_000,
    now: new Date(),
  });
  if (!claim.ok) throw new Error(claim.reason);
  const outcome = await draftClaimedQuestion({
    question: claim.question,
    owner: 'test',
    signal: new AbortController().signal,
    settings,
  });
  if (outcome.kind !== 'stored') throw new Error(outcome.kind);
  return question.id;
}

/** Question id to whether the inbox marks its draft stale. */
async function staleness(): Promise<Record<number, boolean>> {
  const facts = await currentFacts();
  const rows = await listInbox({ group: 'needsReview', page: 1, pageSize: 50 });
  return Object.fromEntries(
    rows.map((row) => [row.id, draftMarks({ status: row.status, run: row.run, ...facts }).stale]),
  );
}

beforeEach(async () => {
  temp = await useTempDatabase();
  await sqlRun("update questions set status = 'discarded'");
  const owner = await createUser({
    email: 'o@example.com',
    name: 'O',
    role: 'owner',
    passwordHash: 'x',
    now,
  });
  if (!owner.ok) throw new Error(owner.reason);
  by = owner.user.id;
});
afterEach(() => temp.cleanup());

const rye = async () => {
  const item = (await listMenuItems()).find((i) => i.name === 'rye loaf');
  if (!item) throw new Error('no rye loaf');
  return item;
};

async function ryeAt(price: string) {
  const item = await rye();
  return await updateMenuItem({
    id: item.id,
    input: menuItemInput.parse({
      name: item.name,
      price,
      noticeDays: String(item.noticeDays),
      description: item.description ?? '',
      available: 'on',
      ingredients: item.ingredients ?? '',
      allergensRecorded: 'on',
      'contains_wheat-gluten': 'on',
      traces_sesame: 'on',
      'traces_tree-nuts': 'on',
      diet_vegan: 'on',
      diet_vegetarian: 'on',
      'diet_dairy-free': 'on',
    }),
    by,
    now,
  });
}

describe('which drafts a change makes stale', () => {
  it("editing an item's price marks stale only the drafts that read that item", async () => {
    const hours = await drafted('What time do you open on Saturday?');
    const ryePrice = await drafted('How much is a rye loaf?');
    const buns = await drafted('How much are the cinnamon buns?');
    const menu = await drafted("What's on the menu?");
    const delivery = await drafted('Could you deliver to my office?');
    expect(Object.values(await staleness()).some(Boolean)).toBe(false);

    const saved = await ryeAt('9.50');
    expect(saved.ok).toBe(true);
    expect(await staleness()).toEqual({
      [hours]: false,
      [ryePrice]: true,
      [buns]: false,
      [menu]: true,
      [delivery]: false,
    });
  });

  it('a change to Saturday hours marks the Saturday answer stale, not the price of a loaf', async () => {
    const saturday = await drafted('What time do you open on Saturday?');
    const price = await drafted('How much is a rye loaf?');
    const tuesday = await drafted('Are you open tomorrow?');
    const days = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      opens: weekday === 1 || weekday === 7 ? null : weekday === 6 ? '09:00' : '07:00',
      closes: weekday === 1 || weekday === 7 ? null : weekday === 6 ? '13:00' : '15:00',
    }));
    await saveWeeklyHours({ days, by, now });
    expect(await staleness()).toEqual({ [saturday]: true, [price]: false, [tuesday]: false });
  });

  it('switching an entry off marks stale the drafts that found it', async () => {
    const delivery = await drafted('Could you deliver to my office?');
    const hours = await drafted('What time do you open on Saturday?');
    const entry = (await listKnowledgeEntries()).find((e) => e.title === 'Delivery radius and fee');
    if (!entry) throw new Error('no delivery entry');
    await setKnowledgeEntryEnabled({ id: entry.id, enabled: false, by, now });
    expect(await staleness()).toEqual({ [delivery]: true, [hours]: false });
  });

  it("the owner's handover topics may change any draft", async () => {
    const hours = await drafted('What time do you open on Saturday?');
    await saveHandoverTopics({ topics: ['opening hours'], by, now });
    expect(await staleness()).toEqual({ [hours]: true });
  });

  it('a run stored without a record of what it read is stale after any change', async () => {
    const hours = await drafted('What time do you open on Saturday?');
    await sqlRun('update agent_runs set facts_read = null');
    expect(await staleness()).toEqual({ [hours]: false });
    await ryeAt('9.75');
    expect(await staleness()).toEqual({ [hours]: true });
  });
});
