import 'server-only';
import type { BakeryData, IsoWeekday } from '@/lib/agent';
import { type BakeryFacts, readBakeryFacts, readFactsVersion } from './bakery';
import { type Db, getDb } from './client';

export type VersionedBakeryData = { data: BakeryData; factsVersion: number };

// The facts as last read through each connection. Only a new facts version (never time)
// makes them read again, so an owner's edit reaches the very next draft.
const lastRead = new WeakMap<Db, VersionedBakeryData>();

/**
 * The bakery's rows as the agent's plain data, with the facts version the run read. Read from
 * the database only when the version moved since the last read (one indexed lookup otherwise);
 * the data is frozen, since every draft of that version shares it.
 */
export async function getBakeryData(): Promise<VersionedBakeryData> {
  const db = await getDb();
  const cached = lastRead.get(db);
  if (cached && cached.factsVersion === (await readFactsVersion(db))) return cached;
  const facts = await readBakeryFacts(db);
  const fresh = { data: deepFreeze(toBakeryData(facts)), factsVersion: facts.bakery.factsVersion };
  lastRead.set(db, fresh);
  return fresh;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
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
