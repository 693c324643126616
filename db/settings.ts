import 'server-only';
import { eq } from 'drizzle-orm';
import type { SettingsInput } from '@/lib/bakery-facts/schemas';
import { type ChangeContext, changeFacts, sameFacts } from './facts-change';
import { bakery } from './schema';

/**
 * Name, timezone, contact line, locale and currency reach drafts (the name and contact are
 * quoted, every date is read in the zone), so changing them bumps the facts version like a menu
 * change. The daily model budget and whether customers see who replied are stored and audited
 * with them, but make no draft stale.
 */
export async function updateBakerySettings({
  input,
  ...context
}: { input: SettingsInput } & ChangeContext): Promise<{ changed: boolean }> {
  return changeFacts<{ changed: boolean }>(context, async (db) => {
    const [row] = await db.select().from(bakery).where(eq(bakery.id, 1)).limit(1);
    if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
    const factsBefore = {
      name: row.name,
      timezone: row.timezone,
      contact: row.contact,
      locale: row.locale,
      currency: row.currency,
    };
    const factsAfter = {
      name: input.name,
      timezone: input.timezone,
      contact: input.contact,
      locale: input.locale,
      currency: input.currency,
    };
    const before = {
      ...factsBefore,
      dailyBudgetCents: row.dailyBudgetCents,
      showStaffNames: row.showStaffNames,
    };
    const after = {
      ...factsAfter,
      dailyBudgetCents: input.dailyBudget,
      showStaffNames: input.showStaffNames,
    };
    if (sameFacts(before, after)) return { result: { changed: false }, change: null };
    await db.update(bakery).set(after).where(eq(bakery.id, 1));
    return {
      result: { changed: true },
      change: {
        action: 'settings.update',
        entity: 'bakery',
        entityId: '1',
        before,
        after,
        affectsDrafts: !sameFacts(factsBefore, factsAfter),
      },
    };
  });
}
