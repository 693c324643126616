import { z } from 'zod';
import { type AnyTool, defineTool, ok } from '../core/tool';
import type { BakeryData, Clock, KnowledgeSearch, MenuItemData } from './data';
import { hoursOn, hoursResult } from './facts';
import { markForPerson } from './mark-for-person';
import { matchNames } from './names';
import { quoteOrder } from './quote';
import {
  hoursResultSchema,
  type ItemResult,
  itemResultSchema,
  type KnowledgeResult,
  knowledgeResultSchema,
  menuResultSchema,
  quoteResultSchema,
  unavailableSchema,
} from './results';
import { dayFacts, itemFact, type ToolContext, toolContext } from './tool-context';
import { type Wording, wordMoney } from './wording';

export { earliestPickup, earliestPickupWindowDays } from './quote';
export type {
  EarliestPickup,
  ItemResult,
  KnowledgeResult,
  PickupProblem,
  QuoteLine,
  QuoteResult,
} from './results';
export { itemFact } from './tool-context';

// The input schemas do not depend on the facts: made once, so each draft reuses their JSON Schema.
// Every request carries their descriptions, so each says only what the model needs to fill the
// field in; bounds (lengths, ranges) reach the model through the schema itself.
const dayWords = 'a weekday (optionally after "this" or "next"), "today", "tomorrow" or YYYY-MM-DD';
const openingHoursInput = z.object({
  day: z.string().describe(`As the customer said it: ${dayWords}.`),
});
const menuItemInput = z.object({
  name: z.string().min(1).describe('E.g. "rye loaf".'),
});
const listMenuInput = z.object({});
const searchKnowledgeInput = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .describe('The customer\'s own words, e.g. "deliver to my office".'),
});

/** How many entries one search returns: the best few, so the model reads little. */
export const knowledgeHitsLimit = 3;

const quoteOrderInput = z.object({
  items: z
    .array(
      z.strictObject({
        name: z.string().min(1).describe('As the customer named it.'),
        quantity: z.number().int().positive().max(10_000),
      }),
    )
    .min(1)
    .describe('One line per item wanted.'),
  day: z.string().nullable().describe('Pickup day, as opening_hours takes it; null for none.'),
  time: z.string().nullable().describe('Pickup time as 24-hour HH:MM (2 pm is "14:00"), or null.'),
});

/**
 * The bakery's read-only tools over data and a clock the app passes in. `searchKnowledge` is
 * the shell's read-only search over the owner's entries; without one, searches find nothing.
 */
export function bakeryTools(
  facts: BakeryData,
  clock: Clock,
  ports: { searchKnowledge?: KnowledgeSearch } = {},
): AnyTool[] {
  const ctx = toolContext(facts, clock);
  return [
    openingHoursTool(ctx),
    menuItemTool(ctx),
    listMenuTool(ctx),
    quoteOrderTool(ctx),
    searchKnowledgeTool(ports.searchKnowledge),
    markForPerson,
  ];
}

function openingHoursTool(ctx: ToolContext) {
  return defineTool({
    name: 'opening_hours',
    description:
      "The bakery's hours on one day, with its date; holidays and special hours come with the exception and the usual hours.",
    schema: openingHoursInput,
    output: hoursResultSchema,
    refine: ({ day }) => ctx.decodeDay(day),
    run: (date) => {
      const seen = new Set<string>();
      const hours = hoursOn(ctx.facts, date, seen);
      return { ...ok(hoursResult(hours)), read: dayFacts(seen) };
    },
  });
}

function menuItemTool(ctx: ToolContext) {
  return defineTool({
    name: 'menu_item',
    description:
      'One menu item by name (case, spacing and plurals do not matter): price, days of notice, ingredients, allergens, mayContain (cross-contact) and dietary tags; allergens and mayContain are null when not recorded.',
    schema: menuItemInput,
    output: itemResultSchema,
    failureOutput: unavailableSchema,
    run: ({ name }) => {
      const found = ctx.findItem(name);
      return found.ok
        ? { ...ok(describeItem(found.value, ctx.wording)), read: [itemFact(found.value.name)] }
        : found;
    },
  });
}

function listMenuTool(ctx: ToolContext) {
  return defineTool({
    name: 'list_menu',
    description:
      'Every menu item, with what menu_item gives and available false for any not available now.',
    schema: listMenuInput,
    output: menuResultSchema,
    run: () => ({
      ...ok({ items: ctx.facts.menu.map((item) => describeItem(item, ctx.wording, true)) }),
      read: ['menu'],
    }),
  });
}

function searchKnowledgeTool(search: KnowledgeSearch | undefined) {
  return defineTool({
    name: 'search_knowledge',
    description:
      "Searches the owner's written answers on policies: the best entries first, or none. Never for allergies, medical needs, complaints or refunds.",
    schema: searchKnowledgeInput,
    output: knowledgeResultSchema,
    run: async ({ query }) => {
      const entries = (await search?.(query, knowledgeHitsLimit)) ?? [];
      // The model reads an entry's title and answer; its id goes to the facts read (the draft's
      // sources), and the query is the model's own input.
      const found: KnowledgeResult = {
        entries: entries.map(({ title, answer }) => ({ title, answer })),
      };
      return {
        ...ok(found),
        read: ['knowledge', ...entries.map((entry) => `entry:${entry.id}` as const)],
      };
    },
  });
}

function quoteOrderTool(ctx: ToolContext) {
  return defineTool({
    name: 'quote_order',
    description:
      "Prices an order (lines, total). Given a pickup day (and time), checks it as of now: the day's hours, the last day to order, and if it does not work, why and the earliest pickup that works within 30 days. Without a day, gives the earliest pickup.",
    schema: quoteOrderInput,
    output: quoteResultSchema,
    failureOutput: unavailableSchema,
    run: ({ items, day, time }) => {
      const seen = new Set<string>();
      const outcome = quoteOrder(ctx, { items, day, time }, seen);
      const itemsRead = items.flatMap(({ name }) => {
        const [item] = matchNames(name, ctx.facts.menu);
        return item ? [itemFact(item.name)] : [];
      });
      return {
        ...outcome,
        read: [...new Set([...(outcome.read ?? []), ...itemsRead, ...dayFacts(seen)])],
      };
    },
  });
}

function describeItem(item: MenuItemData, wording: Wording, listed = false): ItemResult {
  const recorded = Array.isArray(item.allergens);
  return {
    name: item.name,
    price: wordMoney(item.priceCents, wording),
    noticeDays: item.noticeDays,
    ...(listed && !item.available ? { available: false as const } : {}),
    ...(item.description ? { description: item.description } : {}),
    ...(item.ingredients ? { ingredients: item.ingredients } : {}),
    allergens: recorded ? (item.allergens ?? []) : null,
    mayContain: recorded ? (item.mayContain ?? []) : null,
    dietary: item.dietary ?? [],
  };
}
