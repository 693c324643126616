import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { DayHours } from '@/lib/bakery-facts/schemas';
import { getDb } from './client';
import { type ChangeContext, changeFacts, sameFacts } from './facts-change';
import { type WeeklyHours, weeklyHours } from './schema';

export async function listWeeklyHours(): Promise<WeeklyHours[]> {
  return (await getDb()).select().from(weeklyHours).orderBy(asc(weeklyHours.weekday));
}

/** The whole week in one save: every weekday's row is written, and one audit row says how. */
export async function saveWeeklyHours({
  days,
  ...context
}: { days: DayHours[] } & ChangeContext): Promise<{
  changed: boolean;
}> {
  return changeFacts<{ changed: boolean }>(context, async (db) => {
    const before = await db.select().from(weeklyHours).orderBy(asc(weeklyHours.weekday));
    const after = [...days].sort((a, b) => a.weekday - b.weekday);
    const view = (rows: DayHours[]) =>
      rows.map(({ weekday, opens, closes }) => ({ weekday, opens, closes }));
    if (sameFacts(view(before), view(after))) return { result: { changed: false }, change: null };
    for (const day of after) {
      const updated = await db
        .update(weeklyHours)
        .set({ opens: day.opens, closes: day.closes })
        .where(eq(weeklyHours.weekday, day.weekday))
        .returning({ weekday: weeklyHours.weekday });
      if (updated.length === 0) await db.insert(weeklyHours).values(day);
    }
    return {
      result: { changed: true },
      change: {
        action: 'hours.update',
        touches: after
          .filter(
            (day) => !sameFacts(view(before.filter((b) => b.weekday === day.weekday)), view([day])),
          )
          .map((day) => `weekday:${day.weekday}` as const),
        entity: 'weekly_hours',
        before: view(before),
        after: view(after),
      },
    };
  });
}
