// @module-tag postgres: knowledge search.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addKnowledgeEntry,
  listKnowledgeEntries,
  removeKnowledgeEntry,
  saveHandoverTopics,
  searchKnowledge,
  setKnowledgeEntryEnabled,
  updateKnowledgeEntry,
} from '@/db/knowledge';
import { createUser } from '@/db/users';
import { knowledgeEntryInput } from '@/lib/knowledge/forms';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

/**
 * The owner's knowledge on a real database: on SQLite FTS5 with porter stemming, bm25 and
 * triggers; on PostgreSQL a stored tsvector with English stemming and ts_rank.
 */

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let by = 0;
const now = new Date('2026-11-30T15:00:00Z');
const version = async () => Number(await sqlValue('select facts_version as v from bakery'));
const audits = async () => Number(await sqlValue('select count(*) as n from audit_log'));
// json columns: text on SQLite, jsonb (already read) on PostgreSQL.
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const titles = async (query: string, limit = 5) =>
  (await searchKnowledge({ query, limit })).map((hit) => hit.title);
const entry = (fields: Record<string, string>) =>
  knowledgeEntryInput.parse({ enabled: 'on', ...fields });

beforeEach(async () => {
  temp = await useTempDatabase();
  await sqlRun('delete from knowledge_entries');
  const owner = await createUser({
    email: 'owner@example.com',
    name: 'Owner',
    role: 'owner',
    passwordHash: 'x',
    now,
  });
  if (!owner.ok) throw new Error(owner.reason);
  by = owner.user.id;
});
afterEach(() => temp.cleanup());

describe('searching the knowledge', () => {
  beforeEach(async () => {
    for (const fields of [
      {
        title: 'Delivery radius and fee',
        answer: 'We bring orders within 3 miles for $5.',
        tags: 'delivery',
      },
      { title: 'Payment', answer: 'Cards and cash are fine.', tags: 'payment' },
      {
        title: 'Parking',
        answer: 'Free parking behind the shop; delivery vans use the front.',
        tags: '',
      },
      {
        title: 'Custom cakes',
        answer: 'Three days of notice and a deposit.',
        tags: 'cakes, custom orders',
      },
    ]) {
      await addKnowledgeEntry({ input: entry(fields), by, now });
    }
  });

  it('finds by stem: "deliver", "deliveries" and "delivering" all find "Delivery"', async () => {
    expect((await titles('could you deliver?'))[0]).toBe('Delivery radius and fee');
    expect((await titles('any deliveries on Friday'))[0]).toBe('Delivery radius and fee');
    expect((await titles('are you delivering to Brooklyn'))[0]).toBe('Delivery radius and fee');
    expect(await titles('can I pay by card')).toEqual(['Payment']);
  });

  it('ranks (bm25, ts_rank): a word in the title weighs more than the same word in an answer', async () => {
    // "delivery" is in the Delivery entry's title and tags and in the Parking entry's answer.
    expect(await titles('delivery')).toEqual(['Delivery radius and fee', 'Parking']);
    expect((await titles('parking for delivery'))[0]).toBe('Parking');
  });

  it('finds nothing for words no entry holds, or only for words that say nothing', async () => {
    expect(await titles('sourdough rye loaf')).toEqual([]);
    expect(await titles('can you do it for me?')).toEqual([]);
    // Kept as words here, but filler to PostgreSQL's English stemmer: still nothing, no error.
    expect(await titles('further during')).toEqual([]);
    expect(await titles('')).toEqual([]);
  });

  it('reads customer text as words, never as query syntax', async () => {
    for (const text of [
      '"',
      'delivery" OR "*',
      'NEAR(delivery payment)',
      'title:payment',
      '-delivery',
      '(((',
      'AND OR NOT',
    ]) {
      await expect(searchKnowledge({ query: text, limit: 3 }), text).resolves.toBeInstanceOf(Array);
    }
    expect(await titles('title:payment')).toEqual(['Payment']);
  });

  it('keeps the index in step with every edit, switch and removal', async () => {
    const payment = (await listKnowledgeEntries()).find((e) => e.title === 'Payment');
    if (!payment) throw new Error('no payment entry');
    await updateKnowledgeEntry({
      id: payment.id,
      input: entry({ title: 'Paying', answer: 'Contactless and cash.', tags: 'payment' }),
      by,
      now,
    });
    expect(await titles('cards')).toEqual([]);
    expect(await titles('contactless')).toEqual(['Paying']);
    await setKnowledgeEntryEnabled({ id: payment.id, enabled: false, by, now });
    expect(await titles('contactless')).toEqual([]);
    await setKnowledgeEntryEnabled({ id: payment.id, enabled: true, by, now });
    expect(await titles('contactless')).toEqual(['Paying']);
    await removeKnowledgeEntry({ id: payment.id, by, now });
    expect(await titles('contactless')).toEqual([]);
    // The index holds exactly the entries there are (SQLite's FTS5 table; PostgreSQL's column).
    const indexed = await sqlValue(
      onPostgres()
        ? "select count(*) as n from knowledge_entries where search @@ to_tsquery('english', 'notice | parking | bring')"
        : "select count(*) as n from knowledge_search where knowledge_search match 'notice OR parking OR bring'",
    );
    expect(Number(indexed)).toBe(3);
  });

  it('returns ids, titles, answers and tags, at most the limit', async () => {
    const [hit] = await searchKnowledge({ query: 'custom cakes', limit: 1 });
    expect(hit).toMatchObject({
      title: 'Custom cakes',
      answer: 'Three days of notice and a deposit.',
      tags: ['cakes', 'custom orders'],
    });
    expect(typeof hit?.id).toBe('number');
    expect(
      await searchKnowledge({ query: 'delivery parking cakes payment', limit: 2 }),
    ).toHaveLength(2);
  });
});

describe('writing the knowledge', () => {
  it('versions and audits every change, and records which entry changed', async () => {
    const v = await version();
    const a = await audits();
    const added = await addKnowledgeEntry({
      input: entry({ title: 'Parking', answer: 'Behind the shop.' }),
      by,
      now,
    });
    if (!added.ok) throw new Error('not added');
    expect(await version()).toBe(v + 1);
    expect(await audits()).toBe(a + 1);
    const change = await sqlRows('select key, facts_version as v from fact_changes order by key');
    expect(change).toEqual([
      { key: `entry:${added.entry.id}`, v: v + 1 },
      { key: 'knowledge', v: v + 1 },
    ]);
    // The same text again is no change: nothing written.
    await updateKnowledgeEntry({
      id: added.entry.id,
      input: entry({ title: 'Parking', answer: 'Behind the shop.' }),
      by,
      now,
    });
    expect(await version()).toBe(v + 1);
    expect(await audits()).toBe(a + 1);
    const [audit] = await sqlRows('select action, after from audit_log order by id desc limit 1');
    expect(audit?.action).toBe('knowledge.add');
    expect(json(audit?.after)).toEqual({
      title: 'Parking',
      answer: 'Behind the shop.',
      tags: [],
      enabled: true,
    });
  });

  it('refuses a missing entry and writes nothing, not even an audit row', async () => {
    const v = await version();
    const a = await audits();
    expect(await setKnowledgeEntryEnabled({ id: 999, enabled: false, by, now })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(await removeKnowledgeEntry({ id: 999, by, now })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(await version()).toBe(v);
    expect(await audits()).toBe(a);
  });

  it('saves the owner’s handover topics as a change every draft may rest on', async () => {
    const v = await version();
    expect(await saveHandoverTopics({ topics: ['wedding cakes'], by, now })).toEqual({
      changed: true,
    });
    expect(await saveHandoverTopics({ topics: ['wedding cakes'], by, now })).toEqual({
      changed: false,
    });
    expect(await version()).toBe(v + 1);
    expect(await sqlValue("select facts_version as v from fact_changes where key = '*'")).toBe(
      v + 1,
    );
  });
});
