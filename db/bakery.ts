import 'server-only';
import { asc } from 'drizzle-orm';
import { type Db, getDb } from './client';
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

export function getBakeryFacts(): BakeryFacts {
  return readBakeryFacts(getDb());
}

export function readBakeryFacts(db: Db): BakeryFacts {
  const statements = factsStatements(db);
  return db.$client
    .transaction(() => {
      const row = statements.bakery.get();
      if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
      return {
        bakery: row,
        weeklyHours: statements.weeklyHours.all(),
        dateExceptions: statements.dateExceptions.all(),
        menu: statements.menu.all(),
      };
    })
    .deferred();
}

/**
 * bakery.factsVersion as it stands: every change to what a draft reads bumps it in the same
 * transaction (db/facts-change.ts), so an unchanged version means unchanged facts.
 */
export function readFactsVersion(db: Db): number | undefined {
  return factsStatements(db).version.get()?.factsVersion;
}

export function getBakery(): Bakery {
  const row = getDb().select().from(bakery).get();
  if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
  return row;
}
