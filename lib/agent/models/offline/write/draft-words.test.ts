import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { searchExampleKnowledge } from '@/tests/support/example-knowledge';
import { allergens, type BakeryData, dietaryTags } from '../../../bakery/data';
import { bakeryTools } from '../../../bakery/tools';
import { wordCount, wordDate, wordingOf, wordTime } from '../../../bakery/wording';
import { runAgent } from '../../../core/run-agent';
import type { Run } from '../../../types';
import { offlineModel } from '../offline-model';
import { topicSubjects } from '../topics';
import { bakedGoodWords } from '../words';
import { catalogText } from './catalog';
import { fixedText, sentence, worded } from './catalog/template';
import { nameForms } from './values';

/**
 * The writer's promise, checked over thousands of generated questions: every word of every draft
 * comes from the catalog's fixed text, a value a tool returned, the bakery's own data or the
 * desk's curated word lists. A customer's own word can never reach a draft.
 */

const facts = exampleBakeryData({
  dateExceptions: [
    { date: '2026-12-24', closed: false, opens: '07:00', closes: '12:00', note: 'Christmas Eve' },
    { date: '2026-12-25', closed: true, opens: null, closes: null, note: 'Christmas Day' },
  ],
});

/** The example bakery as it is, and as others might set theirs up. */
const bakeries: BakeryData[] = [
  facts,
  { ...facts, menu: facts.menu.map((item) => ({ ...item, available: item.name !== 'rye loaf' })) },
  { ...facts, locale: 'en-GB', currency: 'GBP', handoverTopics: ['wedding cakes'] },
  { ...facts, locale: 'de-DE', currency: 'EUR' },
];

const tokens = (text: string): string[] =>
  text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];

/** Words every draft may use: the catalog, the curated lists and the bakery's own data. */
function fixedVocabulary(bakery: BakeryData): Set<string> {
  const texts = [
    ...catalogText(),
    ...Object.keys(bakedGoodWords),
    ...Object.values(bakedGoodWords),
    ...topicSubjects,
    ...allergens,
    ...dietaryTags,
    bakery.name,
    ...bakery.menu.flatMap((item) => [
      ...nameForms(item.name),
      item.description ?? '',
      item.ingredients ?? '',
    ]),
    ...bakery.dateExceptions.map((e) => e.note ?? ''),
    ...(bakery.handoverTopics ?? []),
    // The words Intl.ListFormat joins lists with ("and", "or").
    ...(['conjunction', 'disjunction'] as const).map((type) =>
      new Intl.ListFormat('en', { type }).format(['', '', '']),
    ),
  ];
  return new Set(texts.flatMap(tokens));
}

/** Every value a run's tools returned, as a draft may word it. */
function toolWords(run: Run, bakery: BakeryData): string[] {
  const wording = wordingOf(bakery);
  const out: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      out.push(value);
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) out.push(wordDate(value, wording, '2026-12-01'));
      if (/^\d{2}:\d{2}$/.test(value)) out.push(wordTime(value, wording));
    } else if (typeof value === 'number') {
      out.push(String(value), wordCount(value, wording));
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  for (const step of run.steps) visit(step.result.data);
  return out.flatMap(tokens);
}

const vocabularies = new Map(bakeries.map((bakery) => [bakery, fixedVocabulary(bakery)]));

/**
 * The words of a draft that neither the catalog (with any `extra` entries plugged into it), the
 * tools nor the bakery account for. Numbers are closed values however they were read (a count,
 * a time asked for): the check is on words.
 */
function unexplained(
  draft: string,
  run: Run,
  bakery: BakeryData,
  extra: readonly string[] = [],
): string[] {
  const vocabulary = vocabularies.get(bakery) ?? fixedVocabulary(bakery);
  const known = new Set([
    ...toolWords(run, bakery),
    ...extra.flatMap((entry) => tokens(fixedText(entry))),
  ]);
  return [...new Set(tokens(draft))].filter(
    (w) => !/^\d+$/.test(w) && !vocabulary.has(w) && !known.has(w),
  );
}

async function draft(
  question: string,
  bakery: BakeryData,
  earlier: readonly string[] = [],
): Promise<{ run: Run; text: string }> {
  const now = tuesdayMorning;
  const run = await runAgent({
    model: offlineModel({ facts: bakery, now }),
    tools: bakeryTools(bakery, { now, askedAt: now }, { searchKnowledge: searchExampleKnowledge }),
    task: question,
    earlier: earlier.map((text) => ({ author: 'customer' as const, text })),
    limits: { maxTurns: 4, maxTokens: 1000, maxDollars: 1 },
  });
  return { run, text: run.stop.kind === 'answered' ? run.stop.text : '' };
}

/** Words no bakery, tool or catalog has: a draft holding one repeated the customer. */
const nonsense = ['blorp', 'zanzibar', 'wibble', 'frobnicate', 'quux', 'snorkel', 'glimmerous'];

const menuWords = facts.menu.flatMap((item) => nameForms(item.name));
const part = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...menuWords, 'rye', 'buns', 'rolls', 'loaves') },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.integer({ min: 1, max: 250 }).map(String),
      fc.constantFrom(
        'two',
        'three',
        'a dozen',
        'half a dozen',
        "a baker's dozen",
        'a couple of',
        'about 20',
      ),
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'Saturday',
      'on Friday',
      'tomorrow',
      'today',
      'next Tuesday',
      'Monday',
      'Sunday',
      'on the 5th',
      'December 24',
      'Christmas Day',
      'at 9',
      'at 2pm',
      'at 10:30',
      'before noon',
      'first thing',
      'this arvo',
      'tonight',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'how much',
      'can I pick up',
      'are you open',
      'do you have',
      'I would like',
      'what time',
      'how much notice',
      'what are your hours',
      "what's on the menu",
      'please',
      'thanks',
      'hi',
      'and',
      'or',
      '?',
      '!',
      'pls',
      'asap',
      'maybe',
      'croissants',
      'a birthday cake',
      'gluten',
      'nuts',
      'vegan',
      'deliver',
      'refund',
      'stale',
      'I was sick',
      'pay by card',
      'parking',
      'with a message',
      'hola',
      'bonjour',
      'danke',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...nonsense) },
);
const questions = fc.array(part, { minLength: 1, maxLength: 9 }).map((parts) => parts.join(' '));

const bakery = fc.constantFrom(...bakeries);

/** Now and then an earlier message, which a follow-up ("add two", "make it Friday") refers to. */
const earlier = fc.oneof(
  { weight: 3, arbitrary: fc.constant<string[]>([]) },
  { weight: 1, arbitrary: questions.map((q) => [q]) },
);
const followUps = fc.constantFrom('', 'add', 'actually make it', 'also', 'instead', 'what about');

const everyWordExplained = fc.asyncProperty(
  bakery,
  earlier,
  followUps,
  questions,
  async (facts, before, lead, asked) => {
    const question = `${lead} ${asked}`.trim();
    const { run, text } = await draft(question, facts, before);
    const shown = `${before.join('\n')}\n${question}\n\n${text}`;
    expect(text, shown).not.toBe('');
    expect(unexplained(text, run, facts), shown).toEqual([]);
  },
);

describe('every word of an offline draft comes from the catalog, the tools or the bakery', () => {
  it('holds for 2,000 generated questions (fixed seed)', async () => {
    await fc.assert(everyWordExplained, { seed: 20261201, numRuns: 2000 });
  }, 60_000);

  it('holds for 2,000 more (a new seed each run, printed when it fails)', async () => {
    const seed = Date.now() % 2 ** 31;
    try {
      await fc.assert(everyWordExplained, { seed, numRuns: 2000 });
    } catch (error) {
      throw new Error(`Replay with seed ${seed}: ${(error as Error).message}`);
    }
  }, 60_000);

  it('reports a catalog entry that interpolates a raw customer word', async () => {
    const leaky = 'About {asked}, we will let you know.';
    await fc.assert(
      fc.asyncProperty(
        bakery,
        questions,
        fc.constantFrom(...nonsense),
        async (facts, question, raw) => {
          const asked = `${question} ${raw}`;
          const { run, text } = await draft(asked, facts);
          // The entry fills its slot with a word straight from the question.
          const leaked = `${text}\n\n${sentence(leaky, { asked: worded(raw) })}`;
          expect(unexplained(text, run, facts, [leaky])).toEqual([]);
          expect(unexplained(leaked, run, facts, [leaky])).toEqual([raw]);
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });
});
