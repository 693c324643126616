import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { menuNameKey } from '@/lib/bakery-facts/menu-name';
import type { MenuItemInput } from '@/lib/bakery-facts/schemas';
import { menuItemChangeKeys } from '@/lib/inbox/staleness';
import { type Db, getDb } from './client';
import { type ChangeContext, changeFacts, sameFacts } from './facts-change';
import { type MenuItem, menuItems } from './schema';

export async function listMenuItems(): Promise<MenuItem[]> {
  return (await getDb()).select().from(menuItems).orderBy(asc(menuItems.nameKey));
}

export type MenuWriteResult =
  /** `changed` is false when the save matched what was kept, and so wrote nothing. */
  { ok: true; item: MenuItem; changed: boolean } | { ok: false; reason: 'nameTaken' | 'notFound' };

/**
 * The item's facts as a save compares them: labels in one order, since rows kept by earlier
 * releases, the example bakery or an import may list them otherwise than the form ticks them.
 */
function comparable(item: ReturnType<typeof auditView>) {
  const sorted = <T extends string>(labels: T[] | null) => (labels ? [...labels].sort() : null);
  return {
    ...item,
    allergens: sorted(item.allergens),
    mayContain: sorted(item.mayContain),
    dietary: [...item.dietary].sort(),
  };
}

/** The item's facts as the audit log keeps them. */
function auditView(item: MenuItem) {
  return {
    name: item.name,
    priceCents: item.priceCents,
    noticeDays: item.noticeDays,
    available: item.available,
    description: item.description,
    allergens: item.allergens,
    mayContain: item.mayContain,
    dietary: item.dietary,
    ingredients: item.ingredients,
  };
}

async function nameTakenBy(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [other] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(eq(menuItems.nameKey, menuNameKey(name)))
    .limit(1);
  return other !== undefined && other.id !== exceptId;
}

export async function addMenuItem({
  input,
  ...context
}: { input: MenuItemInput } & ChangeContext): Promise<MenuWriteResult> {
  return changeFacts(context, async (db) => {
    if (await nameTakenBy(db, input.name)) return refuse('nameTaken');
    const [item] = await db
      .insert(menuItems)
      .values({
        name: input.name,
        nameKey: menuNameKey(input.name),
        priceCents: input.price,
        noticeDays: input.noticeDays,
        available: input.available,
        description: input.description,
        ...labelsOf(input),
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning();
    if (!item) throw new Error('The new menu item was not written.');
    return {
      result: { ok: true, item, changed: true },
      change: {
        action: 'menu.add',
        touches: menuItemChangeKeys(item.name),
        entity: 'menu_item',
        entityId: String(item.id),
        after: auditView(item),
      },
    };
  });
}

export async function updateMenuItem({
  id,
  input,
  ...context
}: { id: number; input: MenuItemInput } & ChangeContext): Promise<MenuWriteResult> {
  return changeFacts(context, async (db) => {
    const [current] = await db.select().from(menuItems).where(eq(menuItems.id, id)).limit(1);
    if (!current) return refuse('notFound');
    if (await nameTakenBy(db, input.name, id)) return refuse('nameTaken');
    const next = {
      name: input.name,
      priceCents: input.price,
      noticeDays: input.noticeDays,
      available: input.available,
      description: input.description,
      ...labelsOf(input),
    };
    if (sameFacts(comparable(auditView(current)), comparable(next)))
      return { result: { ok: true, item: current, changed: false }, change: null };
    const [item] = await db
      .update(menuItems)
      .set({ ...next, nameKey: menuNameKey(input.name), updatedAt: context.now })
      .where(eq(menuItems.id, id))
      .returning();
    if (!item) throw new Error(`Menu item ${id} was not written.`);
    return {
      result: { ok: true, item, changed: true },
      change: {
        action: 'menu.update',
        touches: menuItemChangeKeys(current.name, item.name),
        entity: 'menu_item',
        entityId: String(id),
        before: auditView(current),
        after: auditView(item),
      },
    };
  });
}

/** Marks an item (un)available without touching anything else about it. */
export async function setMenuItemAvailability({
  id,
  available,
  ...context
}: { id: number; available: boolean } & ChangeContext): Promise<MenuWriteResult> {
  return changeFacts(context, async (db) => {
    const [current] = await db.select().from(menuItems).where(eq(menuItems.id, id)).limit(1);
    if (!current) return refuse('notFound');
    if (current.available === available)
      return { result: { ok: true, item: current, changed: false }, change: null };
    const [item] = await db
      .update(menuItems)
      .set({ available, updatedAt: context.now })
      .where(eq(menuItems.id, id))
      .returning();
    if (!item) throw new Error(`Menu item ${id} was not written.`);
    return {
      result: { ok: true, item, changed: true },
      change: {
        action: available ? 'menu.available' : 'menu.unavailable',
        touches: menuItemChangeKeys(item.name),
        entity: 'menu_item',
        entityId: String(id),
        before: auditView(current),
        after: auditView(item),
      },
    };
  });
}

export type RemoveResult = { ok: true } | { ok: false; reason: 'notFound' };

export async function removeMenuItem({
  id,
  ...context
}: { id: number } & ChangeContext): Promise<RemoveResult> {
  return changeFacts<RemoveResult>(context, async (db) => {
    const [current] = await db.select().from(menuItems).where(eq(menuItems.id, id)).limit(1);
    if (!current) return { result: { ok: false, reason: 'notFound' }, change: null };
    await db.delete(menuItems).where(eq(menuItems.id, id));
    return {
      result: { ok: true },
      change: {
        action: 'menu.remove',
        touches: menuItemChangeKeys(current.name),
        entity: 'menu_item',
        entityId: String(id),
        before: auditView(current),
      },
    };
  });
}

/**
 * The whole menu replaced by `items` (an imported file, or none to start empty) in one
 * transaction with one audit row: every item is new, so every draft that read the menu is stale.
 * The items must have distinct names (the import checks it); a clash rolls everything back.
 */
export async function replaceMenu({
  items,
  ...context
}: { items: readonly MenuItemInput[] } & ChangeContext): Promise<{ count: number }> {
  return changeFacts<{ count: number }>(context, async (db) => {
    const before = await db.select().from(menuItems).orderBy(asc(menuItems.nameKey));
    await db.delete(menuItems);
    const written: MenuItem[] = [];
    for (const input of items) {
      const [item] = await db
        .insert(menuItems)
        .values({
          name: input.name,
          nameKey: menuNameKey(input.name),
          priceCents: input.price,
          noticeDays: input.noticeDays,
          available: input.available,
          description: input.description,
          ...labelsOf(input),
          createdAt: context.now,
          updatedAt: context.now,
        })
        .returning();
      if (!item) throw new Error(`Menu item ${input.name} was not written.`);
      written.push(item);
    }
    if (before.length === 0 && written.length === 0) {
      return { result: { count: 0 }, change: null };
    }
    return {
      result: { count: written.length },
      change: {
        action: 'menu.replace',
        touches: menuItemChangeKeys(...before.map((i) => i.name), ...written.map((i) => i.name)),
        entity: 'menu_item',
        before: before.map(auditView),
        after: written.map(auditView),
      },
    };
  });
}

/** Allergens and cross-contact as stored: null while the owner has not recorded them. */
function labelsOf(input: MenuItemInput) {
  return {
    allergens: input.allergensRecorded ? input.allergens : null,
    mayContain: input.allergensRecorded ? input.mayContain : null,
    dietary: input.dietary,
    ingredients: input.ingredients,
  };
}

function refuse(reason: 'nameTaken' | 'notFound') {
  return { result: { ok: false, reason } as MenuWriteResult, change: null };
}
