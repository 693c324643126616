import 'server-only';
import { asc } from 'drizzle-orm';
import { type Db, getDb, snapshot } from './client';
import { prepared } from './prepared';
import type { Bakery, DateException, MenuItem, WeeklyHours } from './schema';
import { bakery, dateExceptions, menuItems, weeklyHours } from './schema';

/** Everything a draft may say about the bakery. */
export type BakeryFacts = {
  bakery: Bakery;
  weeklyHours: WeeklyHours[];
  dateExceptions: DateException[];
  menu: MenuItem[];
};

const factsStatements = (db: Db) =>
  prepared(db, 'bakery.facts', (db) => ({
    version: db.select({ factsVersion: bakery.factsVersion }).from(bakery).prepare(),
    bakery: db.select().from(bakery).prepare(),
    weeklyHours: db.select().from(weeklyHours).orderBy(asc(weeklyHours.weekday)).prepare(),
    dateExceptions: db.select().from(dateExceptions).orderBy(asc(dateExceptions.date)).prepare(),
    menu: db.select().from(menuItems).orderBy(asc(menuItems.name)).prepare(),
  }));

export async function getBakeryFacts(): Promise<BakeryFacts> {
  return readBakeryFacts(await getDb());
}

export async function readBakeryFacts(db: Db): Promise<BakeryFacts> {
  const statements = factsStatements(db);
  return snapshot(db, async () => {
    const row = await statements.bakery.get();
    if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
    return {
      bakery: row,
      weeklyHours: await statements.weeklyHours.all(),
      dateExceptions: await statements.dateExceptions.all(),
      menu: await statements.menu.all(),
    };
  });
}

/**
 * bakery.factsVersion as it stands: every change to what a draft reads bumps it in the same
 * transaction (db/facts-change.ts), so an unchanged version means unchanged facts.
 */
export async function readFactsVersion(db: Db): Promise<number | undefined> {
  return (await factsStatements(db).version.get())?.factsVersion;
}

export async function getBakery(): Promise<Bakery> {
  const [row] = await (await getDb()).select().from(bakery).limit(1);
  if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
  return row;
}
