import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
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
import { useTempDatabase } from '../support/temp-db';

/** The owner's knowledge on a real SQLite file: FTS5 with porter stemming, bm25, triggers. */

let temp: ReturnType<typeof useTempDatabase>;
let by = 0;
const now = new Date('2026-11-30T15:00:00Z');
const one = (sql: string) => getDb().$client.prepare(sql).get() as Record<string, unknown>;
const version = () => Number(one('select facts_version as v from bakery').v);
const audits = () => Number(one('select count(*) as n from audit_log').n);
const titles = (query: string, limit = 5) =>
  searchKnowledge({ query, limit }).map((hit) => hit.title);
const entry = (fields: Record<string, string>) =>
  knowledgeEntryInput.parse({ enabled: 'on', ...fields });

beforeEach(() => {
  temp = useTempDatabase();
  getDb().$client.prepare('delete from knowledge_entries').run();
  const owner = createUser({
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
  beforeEach(() => {
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
      addKnowledgeEntry({ input: entry(fields), by, now });
    }
  });

  it('finds by stem: "deliver", "deliveries" and "delivering" all find "Delivery"', () => {
    expect(titles('could you deliver?')[0]).toBe('Delivery radius and fee');
    expect(titles('any deliveries on Friday')[0]).toBe('Delivery radius and fee');
    expect(titles('are you delivering to Brooklyn')[0]).toBe('Delivery radius and fee');
    expect(titles('can I pay by card')).toEqual(['Payment']);
  });

  it('ranks with bm25: a word in the title weighs more than the same word in an answer', () => {
    // "delivery" is in the Delivery entry's title and tags and in the Parking entry's answer.
    expect(titles('delivery')).toEqual(['Delivery radius and fee', 'Parking']);
    expect(titles('parking for delivery')[0]).toBe('Parking');
  });

  it('finds nothing for words no entry holds, or only for words that say nothing', () => {
    expect(titles('sourdough rye loaf')).toEqual([]);
    expect(titles('can you do it for me?')).toEqual([]);
    expect(titles('')).toEqual([]);
  });

  it('reads customer text as words, never as query syntax', () => {
    for (const text of [
      '"',
      'delivery" OR "*',
      'NEAR(delivery payment)',
      'title:payment',
      '-delivery',
      '(((',
      'AND OR NOT',
    ]) {
      expect(() => searchKnowledge({ query: text, limit: 3 }), text).not.toThrow();
    }
    expect(titles('title:payment')).toEqual(['Payment']);
  });

  it('keeps the index in step with every edit, switch and removal', () => {
    const payment = listKnowledgeEntries().find((e) => e.title === 'Payment');
    if (!payment) throw new Error('no payment entry');
    updateKnowledgeEntry({
      id: payment.id,
      input: entry({ title: 'Paying', answer: 'Contactless and cash.', tags: 'payment' }),
      by,
      now,
    });
    expect(titles('cards')).toEqual([]);
    expect(titles('contactless')).toEqual(['Paying']);
    setKnowledgeEntryEnabled({ id: payment.id, enabled: false, by, now });
    expect(titles('contactless')).toEqual([]);
    setKnowledgeEntryEnabled({ id: payment.id, enabled: true, by, now });
    expect(titles('contactless')).toEqual(['Paying']);
    removeKnowledgeEntry({ id: payment.id, by, now });
    expect(titles('contactless')).toEqual([]);
    // The index holds exactly the entries there are.
    const indexed = one(
      "select count(*) as n from knowledge_search where knowledge_search match 'notice OR parking OR bring'",
    ).n;
    expect(indexed).toBe(3);
  });

  it('returns ids, titles, answers and tags, at most the limit', () => {
    const [hit] = searchKnowledge({ query: 'custom cakes', limit: 1 });
    expect(hit).toMatchObject({
      title: 'Custom cakes',
      answer: 'Three days of notice and a deposit.',
      tags: ['cakes', 'custom orders'],
    });
    expect(typeof hit?.id).toBe('number');
    expect(searchKnowledge({ query: 'delivery parking cakes payment', limit: 2 })).toHaveLength(2);
  });
});

describe('writing the knowledge', () => {
  it('versions and audits every change, and records which entry changed', () => {
    const v = version();
    const a = audits();
    const added = addKnowledgeEntry({
      input: entry({ title: 'Parking', answer: 'Behind the shop.' }),
      by,
      now,
    });
    if (!added.ok) throw new Error('not added');
    expect(version()).toBe(v + 1);
    expect(audits()).toBe(a + 1);
    const change = getDb()
      .$client.prepare('select key, facts_version as v from fact_changes order by key')
      .all();
    expect(change).toEqual([
      { key: `entry:${added.entry.id}`, v: v + 1 },
      { key: 'knowledge', v: v + 1 },
    ]);
    // The same text again is no change: nothing written.
    updateKnowledgeEntry({
      id: added.entry.id,
      input: entry({ title: 'Parking', answer: 'Behind the shop.' }),
      by,
      now,
    });
    expect(version()).toBe(v + 1);
    expect(audits()).toBe(a + 1);
    const audit = one('select action, after from audit_log order by id desc limit 1');
    expect(audit.action).toBe('knowledge.add');
    expect(JSON.parse(String(audit.after))).toEqual({
      title: 'Parking',
      answer: 'Behind the shop.',
      tags: [],
      enabled: true,
    });
  });

  it('refuses a missing entry and writes nothing, not even an audit row', () => {
    const v = version();
    const a = audits();
    expect(setKnowledgeEntryEnabled({ id: 999, enabled: false, by, now })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(removeKnowledgeEntry({ id: 999, by, now })).toEqual({ ok: false, reason: 'notFound' });
    expect(version()).toBe(v);
    expect(audits()).toBe(a);
  });

  it('saves the owner’s handover topics as a change every draft may rest on', () => {
    const v = version();
    expect(saveHandoverTopics({ topics: ['wedding cakes'], by, now })).toEqual({ changed: true });
    expect(saveHandoverTopics({ topics: ['wedding cakes'], by, now })).toEqual({ changed: false });
    expect(version()).toBe(v + 1);
    expect(one("select facts_version as v from fact_changes where key = '*'").v).toBe(v + 1);
  });
});
