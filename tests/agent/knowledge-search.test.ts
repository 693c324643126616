// @module-tag postgres: knowledge search from a draft.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { listKnowledgeEntries, searchKnowledge, setKnowledgeEntryEnabled } from '@/db/knowledge';
import { createUser } from '@/db/users';
import type { AnyTool } from '@/lib/agent';
import { bakeryTools } from '@/lib/agent';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { scenario } from '@/tests/support/scenario';
import { useTempDatabase } from '@/tests/support/temp-db';

let cleanup: () => void;
let owner = 0;
beforeAll(async () => {
  ({ cleanup } = await useTempDatabase());
  const created = await createUser({
    email: 'owner@example.com',
    name: 'Owner',
    role: 'owner',
    passwordHash: 'not-a-real-hash',
    now: new Date(),
  });
  if (!created.ok) throw new Error(created.reason);
  owner = created.user.id;
});
afterAll(() => cleanup());

const tool = () =>
  bakeryTools(
    exampleBakeryData(),
    { now: tuesdayMorning, askedAt: tuesdayMorning },
    { searchKnowledge: (query, limit) => searchKnowledge({ query, limit }) },
  ).find((t) => t.name === 'search_knowledge') as AnyTool;

async function search(input: unknown) {
  const decoded = tool().decode(input);
  if (!decoded.ok) return decoded;
  return tool().run(decoded.value, { signal: new AbortController().signal });
}

describe('search_knowledge over the desk database', () => {
  scenario(
    "search_knowledge finds switched-on entries by the customer's words, best first, their ids among the facts read",
    async () => {
      const delivery = (await listKnowledgeEntries()).find(
        (e) => e.title === 'Delivery radius and fee',
      );
      if (!delivery) throw new Error('The example bakery ships a delivery entry.');
      const found = await search({ query: 'could you deliver?' });
      expect(found).toMatchObject({
        ok: true,
        data: { entries: [{ title: 'Delivery radius and fee', answer: delivery.answer }] },
        read: expect.arrayContaining(['knowledge', `entry:${delivery.id}`]),
      });
      // The model reads the title and the answer; the id is the draft's source, not its text.
      expect(found.ok && (found.data as { entries: object[] }).entries[0]).toEqual({
        title: 'Delivery radius and fee',
        answer: delivery.answer,
      });
      await setKnowledgeEntryEnabled({
        id: delivery.id,
        enabled: false,
        by: owner,
        now: new Date(),
      });
      expect(await search({ query: 'could you deliver?' })).toMatchObject({
        ok: true,
        data: { entries: [] },
      });
      await setKnowledgeEntryEnabled({
        id: delivery.id,
        enabled: true,
        by: owner,
        now: new Date(),
      });
      expect(await search({ query: '   ' })).toMatchObject({
        ok: false,
        failure: { kind: 'badInput' },
      });
    },
  );
});
