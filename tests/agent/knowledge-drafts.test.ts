import { afterAll, beforeAll, describe, expect } from 'vitest';
import { getBakeryData } from '@/db/bakery-data';
import { listKnowledgeEntries, searchKnowledge, setKnowledgeEntryEnabled } from '@/db/knowledge';
import { createUser } from '@/db/users';
import type { BakeryData, Run } from '@/lib/agent';
import { bakeryTools, factsReadOf, runAgent } from '@/lib/agent';
import { systemPrompt } from '@/lib/agent/models/claude/prompt';
import { createModel } from '@/lib/agent/models/create-model';
import { tuesdayMorning } from '@/tests/support/bakery-data';
import { scenario } from '@/tests/support/scenario';
import { useTempDatabase } from '@/tests/support/temp-db';

/** Drafts with the offline drafter against a real, freshly seeded desk database. */

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

const limits = { maxTurns: 4, maxTokens: 1000, maxDollars: 1 };

async function draft(question: string, change?: (facts: BakeryData) => BakeryData) {
  const base = (await getBakeryData()).data;
  const facts = change ? change(base) : base;
  const now = tuesdayMorning;
  const run: Run = await runAgent({
    model: createModel({ kind: 'offline', facts, now }),
    tools: bakeryTools(
      facts,
      { now, askedAt: now },
      { searchKnowledge: (query, limit) => searchKnowledge({ query, limit }) },
    ),
    task: question,
    limits,
  });
  const text = run.stop.kind === 'answered' ? run.stop.text : '';
  return { run, text, read: factsReadOf(run.steps) };
}

const entryId = async (title: string) => {
  const entry = (await listKnowledgeEntries()).find((e) => e.title === title);
  if (!entry) throw new Error(`No entry ${title}`);
  return entry.id;
};

describe('drafting from what the owner wrote down', () => {
  scenario(
    'A delivery question drafts from the delivery entry, cites it, and a person arranges the rest',
    async () => {
      const { run, text, read } = await draft(
        'Could you deliver to my office, about two miles away?',
      );
      expect(text).toContain('We deliver within 3 miles of the shop');
      expect(text).toContain('$5 fee');
      expect(read).toContain(`entry:${await entryId('Delivery radius and fee')}`);
      const search = run.steps.find((s) => s.call.name === 'search_knowledge');
      expect(search?.result.content).toContain('"title":"Delivery radius and fee"');
      expect(run.needsPerson?.reason).toBe('delivery');
      expect(run.needsPerson?.note).toContain('Delivery radius and fee');
    },
  );

  scenario('A policy the owner wrote down answers the question without a person', async () => {
    const { run, text, read } = await draft('Do you take credit cards?');
    expect(text).toContain('We accept cards');
    expect(text).toContain('cash');
    expect(run.needsPerson).toBeNull();
    expect(read).toContain(`entry:${await entryId('Payment')}`);
  });

  scenario(
    "An allergy question states the item's allergens and cross-contact line and promises nothing more",
    async () => {
      const { run, text, read } = await draft(
        'Is there any peanut in the rye loaf? My daughter is allergic.',
      );
      expect(text).toContain('Our rye loaf contains wheat/gluten.');
      expect(text).toContain("Peanuts aren't among its ingredients.");
      expect(text).toContain(
        "It's made in a kitchen that also handles sesame and tree nuts, so it may contain traces of them.",
      );
      expect(text).not.toMatch(/peanut[- ]free|safe for|no traces|doesn't contain/i);
      expect(text).toMatch(/someone from our team will get back to you/);
      expect(run.needsPerson?.reason).toBe('allergens');
      expect(read).toContain('item:rye loaf');
      // The knowledge is never searched for an allergy.
      expect(run.steps.map((s) => s.call.name)).not.toContain('search_knowledge');
    },
  );

  scenario('An item whose allergens nobody recorded is never called free of one', async () => {
    const { run, text } = await draft(
      'Do the croissants contain eggs? I have an egg allergy.',
      (f) => ({
        ...f,
        menu: [
          ...f.menu,
          {
            name: 'croissants',
            priceCents: 350,
            noticeDays: 0,
            available: true,
            description: null,
          },
        ],
      }),
    );
    expect(text).toContain("We haven't recorded the allergens for our croissants here yet.");
    expect(text).not.toMatch(/aren't among|(?:don't|doesn't) contain|egg[- ]free/i);
    expect(run.needsPerson?.reason).toBe('allergens');
  });

  scenario(
    'Allergies, health, complaints, refunds and promises of food safety go to a person whatever is written down',
    async () => {
      const cases = [
        ['Do you deliver nut-free cakes? My son has a nut allergy.', 'allergens'],
        ["I'm diabetic, can you deliver something sugar free?", 'medical'],
        ['The delivery was late and the buns were stale.', 'complaint'],
        ['Your delivery came two hours late and I want my money back.', 'refund'],
        ['Can you guarantee the rye loaf is completely nut free? It is for my son.', 'medical'],
      ] as const;
      for (const [question, reason] of cases) {
        const { run, text } = await draft(question);
        expect(run.needsPerson?.reason, question).toBe(reason);
        expect(text, question).not.toContain('3 miles');
        expect(
          run.steps.map((s) => s.call.name),
          question,
        ).not.toContain('search_knowledge');
      }
    },
  );

  scenario("The owner's own topics go to a person before any entry answers them", async () => {
    const handing = (f: BakeryData) => ({ ...f, handoverTopics: ['deliveries'] });
    const delivery = await draft('Do you do deliveries to Brooklyn?', handing);
    expect(delivery.run.needsPerson).toMatchObject({ reason: 'other' });
    expect(delivery.run.needsPerson?.note).toContain('"deliveries"');
    expect(delivery.text).not.toContain('3 miles');
    const allergy = await draft(
      'Do you deliver anything nut free? I am allergic to nuts.',
      handing,
    );
    expect(allergy.run.needsPerson?.reason).toBe('allergens');
  });

  scenario(
    'A switched-off entry is not used, and a question nothing answers goes to a person in a second turn',
    async () => {
      const id = await entryId('Delivery radius and fee');
      await setKnowledgeEntryEnabled({ id, enabled: false, by: owner, now: new Date() });
      try {
        const { run, text } = await draft('Could you deliver to my office, about two miles away?');
        expect(text).not.toContain('3 miles');
        const names = run.steps.map((s) => `${s.turn}:${s.call.name}`);
        expect(names).toEqual(['1:search_knowledge', '2:mark_for_person']);
        expect(run.needsPerson?.note).toContain('Nothing the bakery wrote answers it');
        expect(run.spent.turns).toBe(3);
      } finally {
        await setKnowledgeEntryEnabled({ id, enabled: true, by: owner, now: new Date() });
      }
    },
  );

  scenario('Claude is offered the search and told the allergy and handover rules', async () => {
    const facts = { ...(await getBakeryData()).data, handoverTopics: ['wedding cakes'] };
    const tools = bakeryTools(facts, { now: tuesdayMorning, askedAt: tuesdayMorning });
    expect(tools.map((t) => t.name)).toContain('search_knowledge');
    const prompt = systemPrompt({
      bakeryName: facts.name,
      timezone: facts.timezone,
      today: '2026-12-01',
      weekday: 'Tuesday',
      wording: { locale: 'en-US', currency: 'USD' },
      handoverTopics: facts.handoverTopics,
    });
    expect(prompt).toContain('"wedding cakes"');
    expect(prompt).toContain('search_knowledge');
    expect(prompt).toMatch(/never say an item is free of an allergen/);
  });
});
