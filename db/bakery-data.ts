import 'server-only';
import type { BakeryData, IsoWeekday } from '@/lib/agent';
import { type BakeryFacts, getBakeryFacts } from './bakery';

/** The bakery's rows as the agent's plain data, with the facts version the run read. */
export function getBakeryData(): { data: BakeryData; factsVersion: number } {
  const facts = getBakeryFacts();
  return { data: toBakeryData(facts), factsVersion: facts.bakery.factsVersion };
}

export function toBakeryData(facts: BakeryFacts): BakeryData {
  const weeklyHours = {
    1: null,
    2: null,
    3: null,
    4: null,
    5: null,
    6: null,
    7: null,
  } as BakeryData['weeklyHours'];
  for (const row of facts.weeklyHours) {
    weeklyHours[row.weekday as IsoWeekday] =
      row.opens && row.closes ? { opens: row.opens, closes: row.closes } : null;
  }
  return {
    name: facts.bakery.name,
    timezone: facts.bakery.timezone,
    contact: facts.bakery.contact,
    locale: facts.bakery.locale,
    currency: facts.bakery.currency,
    weeklyHours,
    dateExceptions: facts.dateExceptions.map(({ date, closed, opens, closes, note }) => ({
      date,
      closed,
      opens,
      closes,
      note,
    })),
    menu: facts.menu.map((item) => ({
      name: item.name,
      priceCents: item.priceCents,
      noticeDays: item.noticeDays,
      available: item.available,
      description: item.description,
      allergens: item.allergens,
      mayContain: item.mayContain,
      dietary: item.dietary,
      ingredients: item.ingredients,
    })),
    handoverTopics: facts.bakery.handoverTopics,
  };
}
