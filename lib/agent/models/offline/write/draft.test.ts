import { describe, expect, it } from 'vitest';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { searchExampleKnowledge } from '@/tests/support/example-knowledge';
import { bakeryTools } from '../../../bakery/tools';
import { wordingOf } from '../../../bakery/wording';
import { executeCall } from '../../../core/execute';
import type { ToolResult } from '../../../types';
import type { PlannedCall, Purpose } from '../plan';
import type { PersonTopic } from '../topics';
import type { Understanding } from '../understanding';
import type { DraftContext } from './context';
import { writeDraft } from './draft';

const facts = exampleBakeryData();
const context: DraftContext = {
  wording: wordingOf(facts),
  today: '2026-12-01',
  nowTime: '10:00',
  bakeryName: facts.name,
};

/** Plans calls by hand and runs them through the real tools, as the loop would. */
async function write(
  calls: Call[],
  more: Partial<DraftContext> = {},
  change: (result: ToolResult) => ToolResult = (result) => result,
): Promise<string> {
  const planned: PlannedCall[] = calls.map((c, i) => ({
    call: { id: `c${i + 1}`, name: c.name, input: c.input },
    purpose: c.purpose,
  }));
  const tools = bakeryTools(
    facts,
    { now: tuesdayMorning, askedAt: tuesdayMorning },
    { searchKnowledge: searchExampleKnowledge },
  );
  const signal = new AbortController().signal;
  const results = await Promise.all(
    planned.map((p) => executeCall({ call: p.call, tools, signal, timeoutMs: 1000 })),
  );
  return writeDraft(planned, results.map(change), { ...context, ...more });
}

const topic = (reason: PersonTopic['reason'], subject: string): PersonTopic =>
  ({ reason, subject, note: 'For a person.' }) as PersonTopic;

const person = (t: PersonTopic, language: Understanding['language'] = 'en') => ({
  name: 'mark_for_person',
  input: { reason: t.reason, note: t.note },
  purpose: { kind: 'person', topic: t, language } as const,
});

type Call = { name: string; input: unknown; purpose: Purpose };

const rye: Call = {
  name: 'quote_order',
  input: { items: [{ name: 'rye loaf', quantity: 3 }], day: 'Friday', time: null },
  purpose: { kind: 'quote', quantities: [3], pickup: true },
};

describe('the offline writer', () => {
  it.each([
    ['es', 'Hola, Maya:', 'Una persona de nuestro equipo', 'Un saludo,'],
    ['fr', 'Bonjour Maya,', 'Une personne de notre équipe', 'Cordialement,'],
    ['de', 'Hallo Maya,', 'Jemand aus unserem Team', 'Viele Grüße'],
    ['it', 'Buongiorno Maya,', 'Una persona del nostro team', 'Cordiali saluti,'],
    ['pt', 'Olá, Maya,', 'Uma pessoa da nossa equipe', 'Atenciosamente,'],
    ['nl', 'Hallo Maya,', 'Iemand van ons team', 'Met vriendelijke groet,'],
  ] as const)(
    'answers %s with a short holding reply in that language only',
    async (language, hi, colleague, bye) => {
      const text = await write(
        [rye, person(topic('notUnderstood', 'something we need to check'), language)],
        {
          customerName: 'Maya Ortiz',
          understanding: { language, unclear: [] },
        },
      );
      expect(text.startsWith(hi)).toBe(true);
      expect(text).toContain(colleague);
      expect(text).toContain(`${bye}\nJuniper Street Bakery`);
      // Nothing looked up is said, and no English.
      expect(text).not.toMatch(/\$|\b(thank|you|the|hi|rye)\b/i);
    },
  );

  it('says which part it could not read in its own words, after what it could answer', async () => {
    const text = await write([rye, person(topic('notUnderstood', 'something we need to check'))], {
      understanding: {
        language: 'en',
        unclear: ['conflictingDays', 'conflictingQuantities', 'unreadWords'],
      },
    });
    const [answer, unclear, ...rest] = text.split('\n\n').slice(1, -1);
    expect(answer).toContain('Three rye loaves at $9.00 each come to $27.00.');
    expect(unclear).toBe(
      "I couldn't tell which day you'd like to pick up or how many you'd like, so a colleague will check and reply. A colleague will also look at the part of your message I couldn't read with certainty.",
    );
    // The mark's own "we'll get back to you" is not said twice.
    expect(rest).toEqual([]);
  });

  it('gives the honest holding reply, and nothing else, when nothing was understood', async () => {
    const text = await write([rye, person(topic('notUnderstood', 'something we need to check'))], {
      understanding: { language: 'en', unclear: ['nothingUnderstood'] },
    });
    expect(text).toBe(
      "Hi,\n\nThank you for your message. I couldn't be sure what you're asking, so someone from our team will get back to you soon.\n\nThank you,\nJuniper Street Bakery",
    );
  });

  it.each([
    ['complaint', 'your order', "I'm sorry to hear that."],
    ['refund', 'your refund', "I'm sorry about that."],
    ['medical', 'illness', "I'm so sorry you were unwell."],
  ] as const)('opens a %s with an apology and names no price', async (reason, subject, apology) => {
    const text = await write([rye, person(topic(reason, subject))]);
    const [first] = text.split('\n\n').slice(1);
    expect(first?.startsWith(apology)).toBe(true);
    expect(text).not.toContain('$');
  });

  it('answers a made-to-order request from the entry that covers it, citing it', async () => {
    const customOrder = topic('customOrder', 'custom orders');
    const text = await write([
      {
        name: 'search_knowledge',
        input: { query: 'custom cakes' },
        purpose: { kind: 'knowledge', topic: customOrder },
      },
      person(customOrder),
    ]);
    expect(text).toContain(
      'From our notes on custom cakes: Custom cakes need at least 3 days’ notice and a 50% deposit',
    );
    expect(text).toContain(
      'Someone from our team will get back to you about what you have in mind.',
    );
  });

  it("names every item's recorded allergens and cross-contact when asked which items, never calling one free of anything", async () => {
    const allergy = topic('allergens', 'allergens');
    const text = await write([
      {
        name: 'list_menu',
        input: {},
        purpose: { kind: 'menuLabels', topic: allergy, allergens: ['tree nuts'], dietary: [] },
      },
      person(allergy),
    ]);
    expect(text).toContain('Our sourdough rolls contain wheat/gluten.');
    expect(text).toContain('Our rye loaf contains wheat/gluten.');
    expect(text).toContain('Our cinnamon buns contain wheat/gluten, milk, and eggs.');
    expect(text).toContain('so they may contain traces of it.');
    expect(text).toContain('may contain traces of them.');
    expect(text).not.toMatch(/\bfree\b/);
    expect(text).toContain('Because allergies matter');
  });

  it('reads the typed data, never the prose the model reads', async () => {
    const garbled = (result: ToolResult): ToolResult => ({ ...result, content: 'not JSON at all' });
    const fromData = await write([rye], {}, garbled);
    expect(fromData).toContain('Three rye loaves at $9.00 each come to $27.00.');
    const noData = ({ data: _, ...result }: ToolResult): ToolResult => result;
    const withoutData = await write([rye], {}, noData);
    expect(withoutData).not.toContain('$');
    expect(withoutData).toContain("I couldn't look up your order just now");
  });

  it("joins lists and picks plurals as the bakery's locale does", async () => {
    const menu = { name: 'list_menu', input: {}, purpose: { kind: 'menu', lead: false } as const };
    const us = await write([menu]);
    expect(us).toContain('rye loaf ($9.00), and cinnamon buns ($4.00 each).');
    const uk = await write([menu], { wording: { locale: 'en-GB', currency: 'GBP' } });
    expect(uk).toContain('rye loaf ($9.00) and cinnamon buns ($4.00 each).');
    const item = (name: string) => ({
      name: 'menu_item',
      input: { name },
      purpose: { kind: 'item', name } as const,
    });
    expect(await write([item('rye loaf')])).toContain("1 day's notice for it");
    expect(await write([item('sourdough rolls')])).toContain("2 days' notice for them");
  });

  it("names a good the menu lacks only by the desk's own word for it", async () => {
    const text = await write([
      {
        name: 'menu_item',
        input: { name: 'croissant' },
        purpose: { kind: 'offMenu', good: 'croissant', name: 'croissants' },
      },
    ]);
    expect(text).toContain("I'm sorry, we don't make croissants.");
  });
});
