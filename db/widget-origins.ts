import 'server-only';
import { eq } from 'drizzle-orm';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { bakery } from './schema';

/** The websites the owner allowed in Settings to show the "Ask us" panel, as saved. */
export async function getWidgetOrigins(): Promise<string[]> {
  const [row] = await (await getDb())
    .select({ origins: bakery.widgetOrigins })
    .from(bakery)
    .limit(1);
  return row?.origins ?? [];
}

/** The owner's list of websites, audited in the same transaction. */
export async function saveWidgetOrigins(input: {
  origins: string[];
  by: number | null;
  now: Date;
}): Promise<{ changed: boolean }> {
  const db = await getDb();
  return immediate(db, async () => {
    const [row] = await db.select({ origins: bakery.widgetOrigins }).from(bakery).limit(1);
    if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
    if (JSON.stringify(row.origins) === JSON.stringify(input.origins)) return { changed: false };
    await db.update(bakery).set({ widgetOrigins: input.origins }).where(eq(bakery.id, 1));
    await writeAudit(db, {
      userId: input.by,
      at: input.now,
      action: 'settings.widgetOrigins',
      entity: 'bakery',
      entityId: '1',
      before: { widgetOrigins: row.origins },
      after: { widgetOrigins: input.origins },
    });
    return { changed: true };
  });
}
