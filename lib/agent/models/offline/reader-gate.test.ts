import { describe, expect } from 'vitest';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { scenario } from '@/tests/support/scenario';
import type { BakeryData, KnowledgeHit } from '../../bakery/data';
import { bakeryTools } from '../../bakery/tools';
import { runAgent } from '../../core/run-agent';
import type { Run } from '../../types';
import { createModel } from '../create-model';

const limits = { maxTurns: 4, maxTokens: 1000, maxDollars: 1 };

const giftBaskets: KnowledgeHit = {
  id: 7,
  title: 'Gift baskets',
  answer: 'Our gift baskets start at $30 and need two days to put together.',
  tags: [],
};

/** A knowledge search that finds the gift-basket entry by any word of its title's. */
async function searchKnowledge(query: string): Promise<KnowledgeHit[]> {
  return /\b(gift|basket)/.test(query) ? [giftBaskets] : [];
}

async function draft(
  question: string,
  facts: BakeryData = exampleBakeryData(),
): Promise<{ run: Run; text: string; calls: string[] }> {
  const now = tuesdayMorning;
  const run = await runAgent({
    model: createModel({ kind: 'offline', facts, now }),
    tools: bakeryTools(facts, { now, askedAt: now }, { searchKnowledge }),
    task: question,
    limits,
  });
  const calls = run.steps.map((step) => step.call.name);
  return { run, text: run.stop.kind === 'answered' ? run.stop.text : '', calls };
}

describe('the coverage gate', () => {
  scenario(
    "Words no reader claimed are searched in the owner's knowledge first, and a good match answers them",
    async () => {
      const { run, text } = await draft('Hi! Do you do gift baskets?');
      const search = run.steps.find((step) => step.call.name === 'search_knowledge');
      expect(search?.call.input).toEqual({ query: 'gift basket' });
      expect(run.needsPerson).toBeNull();
      expect(text).toContain('Our gift baskets start at $30');
    },
  );

  scenario(
    "Words neither the readers nor the owner's knowledge answer go to a person, and the parts read with certainty are still answered",
    async () => {
      const { run, text } = await draft(
        'Can I get a rye loaf and a carburetor for my Honda on Friday?',
      );
      expect(run.needsPerson?.reason).toBe('notUnderstood');
      const quote = run.steps.find((step) => step.call.name === 'quote_order');
      expect(quote?.call.input).toMatchObject({ items: [{ name: 'rye loaf', quantity: 1 }] });
      expect(text).toContain('$9.00');
      expect(text).not.toMatch(/carburetor|honda/i);
    },
  );

  scenario('Two different days for one pickup go to a person', async () => {
    // December 12 is a Saturday.
    const { run } = await draft('Can I get 2 rye loaves on Friday the 12th?');
    expect(run.needsPerson?.reason).toBe('notUnderstood');
    expect(run.needsPerson?.note).toMatch(/two different days/);
  });

  scenario(
    'A question in Spanish, French, German, Italian, Portuguese or Dutch goes to a person in its language',
    async () => {
      const questions: [string, string][] = [
        ['¿Tienen pan de centeno para el sábado?', 'Spanish'],
        ['Bonjour, avez-vous des croissants demain ?', 'French'],
        ['Hallo, haben Sie morgen Roggenbrot?', 'German'],
        ['Buongiorno, vorrei dodici panini per sabato, grazie', 'Italian'],
        ['Olá, vocês têm pão de centeio? Quanto custa?', 'Portuguese'],
        ['Hallo, hebben jullie morgen roggebrood? Wat kost het?', 'Dutch'],
      ];
      for (const [question, language] of questions) {
        const { run, calls } = await draft(question);
        expect(calls, question).toEqual(['mark_for_person']);
        expect(run.needsPerson?.note, question).toBe(
          `Written in ${language}; the offline drafter reads English only.`,
        );
      }
    },
  );

  scenario(
    "An allergy question about no item in particular looks up every item's allergens",
    async () => {
      const { run, calls } = await draft(
        'Peanut allergy in the family, which of your items are safe?',
      );
      expect(run.needsPerson?.reason).toBe('allergens');
      expect(calls).toContain('list_menu');
      expect(calls).not.toContain('quote_order');
    },
  );

  scenario('A customer who was ill after eating goes to a person with no prices', async () => {
    const { run, calls, text } = await draft(
      'My whole family got sick after eating your cinnamon buns last night.',
    );
    expect(run.needsPerson?.reason).toBe('medical');
    expect(calls).toEqual(['mark_for_person']);
    expect(text).not.toMatch(/\$\d/);
  });

  scenario('A day the bakery named in its date exceptions is read by its name', async () => {
    const facts = exampleBakeryData({
      dateExceptions: [
        {
          date: '2026-12-09',
          closed: false,
          opens: '10:00',
          closes: '14:00',
          note: 'Staff training',
        },
      ],
    });
    const { run } = await draft('What are your hours on the staff training day?', facts);
    const hours = run.steps.find((step) => step.call.name === 'opening_hours');
    expect(hours?.call.input).toEqual({ day: '2026-12-09' });
    expect(run.needsPerson).toBeNull();
  });
});
