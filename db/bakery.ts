import 'server-only';
import { asc } from 'drizzle-orm';
import { getDb } from './client';
import type { Bakery, DateException, MenuItem, WeeklyHours } from './schema';
import { bakery, dateExceptions, menuItems, weeklyHours } from './schema';

/** Everything a draft may say about the bakery, read fresh for every run. */
export type BakeryFacts = {
  bakery: Bakery;
  weeklyHours: WeeklyHours[];
  dateExceptions: DateException[];
  menu: MenuItem[];
};

export function getBakeryFacts(): BakeryFacts {
  const db = getDb();
  return db.$client
    .transaction(() => {
      const row = db.select().from(bakery).get();
      if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
      return {
        bakery: row,
        weeklyHours: db.select().from(weeklyHours).orderBy(asc(weeklyHours.weekday)).all(),
        dateExceptions: db.select().from(dateExceptions).orderBy(asc(dateExceptions.date)).all(),
        menu: db.select().from(menuItems).orderBy(asc(menuItems.name)).all(),
      };
    })
    .deferred();
}

export function getBakery(): Bakery {
  const row = getDb().select().from(bakery).get();
  if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
  return row;
}
