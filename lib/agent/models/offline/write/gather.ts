import type { z } from 'zod';
import type { HoursResult } from '../../../bakery/facts';
import {
  hoursResultSchema,
  type ItemResult,
  itemResultSchema,
  knowledgeResultSchema,
  menuResultSchema,
  quoteResultSchema,
  unavailableSchema,
} from '../../../bakery/results';
import type { ToolResult } from '../../../types';
import type { PlannedCall } from '../plan';
import type { PersonTopic } from '../topics';
import { catalog } from './catalog';
import { fill, type Worded } from './catalog/template';
import type { Writer } from './context';
import { dayHours } from './hours';
import { item, unavailable } from './items';
import { labels } from './labels';
import { offMenuWord } from './off-menu';
import { quote } from './quote';

/** What the lookups gave, sorted by the part of the draft each goes into. */
export type Gathered = {
  knowledge: { title: string; answer: string }[];
  labels: Worded[];
  offMenu: Worded[];
  answers: Worded[];
  menu: { items: ItemResult[]; instead: boolean } | null;
  week: HoursResult[];
  problems: Worded[];
  person: PersonTopic | null;
};

/** A result's typed data, when it fits the schema: never its prose. */
function dataOf<T>(result: ToolResult | undefined, schema: z.ZodType<T>): T | null {
  if (!result || result.data === undefined) return null;
  const parsed = schema.safeParse(result.data);
  return parsed.success ? parsed.data : null;
}

/** The names of what a failed lookup found on the menu but not available now. */
function unavailableOf(result: ToolResult | undefined): string[] | null {
  if (result?.errorKind !== 'unavailable') return null;
  return dataOf(result, unavailableSchema)?.unavailable ?? [];
}

/** Sorts every planned call's result into the part of the draft it belongs to. */
export function gather(
  w: Writer,
  planned: readonly PlannedCall[],
  results: readonly ToolResult[],
): Gathered {
  const g: Gathered = {
    knowledge: [],
    labels: [],
    offMenu: [],
    answers: [],
    menu: null,
    week: [],
    problems: [],
    person: null,
  };
  for (const call of planned) {
    const result = results.find((r) => r.callId === call.call.id);
    const missing = unavailableOf(result);
    gatherOne(w, g, call, result, missing);
  }
  return g;
}

function gatherOne(
  w: Writer,
  g: Gathered,
  call: PlannedCall,
  result: ToolResult | undefined,
  missing: string[] | null,
): void {
  const purpose = call.purpose;
  switch (purpose.kind) {
    case 'person':
      g.person = purpose.topic;
      return;
    case 'knowledge': {
      // The owner's best answer, as they wrote it: one entry, so a draft never mixes two.
      const [entry] = dataOf(result, knowledgeResultSchema)?.entries ?? [];
      if (entry) g.knowledge.push(entry);
      return;
    }
    case 'menu': {
      const items = dataOf(result, menuResultSchema)?.items;
      if (items) g.menu = { items, instead: purpose.lead };
      return;
    }
    case 'dayHours': {
      const hours = dataOf(result, hoursResultSchema);
      if (hours) g.answers.push(dayHours(w, hours, purpose.time));
      return;
    }
    case 'weekHours': {
      const hours = dataOf(result, hoursResultSchema);
      if (hours) g.week.push(hours);
      return;
    }
    default:
      gatherLookup(w, g, purpose, result, missing);
  }
}

type Lookup = Extract<
  PlannedCall['purpose'],
  { kind: 'labels' | 'offMenu' | 'item' | 'quote' | 'menuLabels' }
>;

/** An item or an order looked up: its answer, that it is not available, or that it failed. */
function gatherLookup(
  w: Writer,
  g: Gathered,
  purpose: Lookup,
  result: ToolResult | undefined,
  missing: string[] | null,
): void {
  /** A lookup that failed: the draft says it will confirm it, by the menu's name for it. */
  const notLookedUp = (name: Worded | null) => {
    if (name) g.problems.push(name);
  };
  const one = dataOf(result, itemResultSchema);
  switch (purpose.kind) {
    case 'menuLabels': {
      // Which items: each available item's recorded labels, from the whole menu.
      const items = dataOf(result, menuResultSchema)?.items ?? [];
      for (const i of items.filter((i) => i.available !== false)) {
        g.labels.push(labels(w, i, purpose.allergens, purpose.dietary));
      }
      if (items.length === 0 && result) notLookedUp(fill(catalog.frame.ourMenu));
      return;
    }
    case 'labels': {
      const found = dataOf(result, menuResultSchema)?.items ?? (one ? [one] : []);
      for (const i of found.filter((i) => i.available !== false)) {
        g.labels.push(labels(w, i, purpose.allergens, purpose.dietary));
      }
      if (found.length === 0 && missing) g.answers.push(unavailable(w, missing));
      else if (found.length === 0 && result) notLookedUp(w.v.data(purpose.name));
      return;
    }
    case 'offMenu': {
      if (result?.errorKind === 'notFound') {
        g.offMenu.push(offMenuWord(purpose));
      } else if (one) g.answers.push(item(w, one));
      else if (missing) g.answers.push(unavailable(w, missing));
      else if (result) notLookedUp(offMenuWord(purpose));
      return;
    }
    case 'item': {
      if (one) g.answers.push(item(w, one));
      else if (missing) g.answers.push(unavailable(w, missing));
      else notLookedUp(w.v.data(purpose.name));
      return;
    }
    case 'quote': {
      const q = dataOf(result, quoteResultSchema);
      if (q) g.answers.push(...quote(w, q, purpose.quantities, purpose.pickup));
      else if (missing) g.answers.push(unavailable(w, missing));
      else notLookedUp(fill(catalog.frame.yourOrder));
      return;
    }
  }
}
