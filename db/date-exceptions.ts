import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { DateExceptionInput } from '@/lib/bakery-facts/schemas';
import { getDb } from './client';
import { type ChangeContext, changeFacts, sameFacts } from './facts-change';
import { type DateException, dateExceptions } from './schema';

export async function listDateExceptions(): Promise<DateException[]> {
  return (await getDb()).select().from(dateExceptions).orderBy(asc(dateExceptions.date));
}

export type DateExceptionResult =
  | { ok: true; changed: boolean }
  | { ok: false; reason: 'dateTaken' | 'notFound' };

const view = ({ date, closed, opens, closes, note }: DateException | DateExceptionInput) => ({
  date,
  closed,
  opens,
  closes,
  note,
});

/** A new closed or special day; a date that already has one is refused (edit it instead). */
export async function addDateException({
  input,
  ...context
}: { input: DateExceptionInput } & ChangeContext): Promise<DateExceptionResult> {
  return changeFacts<DateExceptionResult>(context, async (db) => {
    const [existing] = await db
      .select()
      .from(dateExceptions)
      .where(eq(dateExceptions.date, input.date))
      .limit(1);
    if (existing) return { result: { ok: false, reason: 'dateTaken' }, change: null };
    await db.insert(dateExceptions).values(view(input));
    return {
      result: { ok: true, changed: true },
      change: {
        action: 'exception.add',
        touches: [`date:${input.date}`],
        entity: 'date_exception',
        entityId: input.date,
        after: view(input),
      },
    };
  });
}

/** Changes the day's kind, hours or note; the date itself is the row's identity. */
export async function updateDateException({
  input,
  ...context
}: { input: DateExceptionInput } & ChangeContext): Promise<DateExceptionResult> {
  return changeFacts<DateExceptionResult>(context, async (db) => {
    const [existing] = await db
      .select()
      .from(dateExceptions)
      .where(eq(dateExceptions.date, input.date))
      .limit(1);
    if (!existing) return { result: { ok: false, reason: 'notFound' }, change: null };
    if (sameFacts(view(existing), view(input)))
      return { result: { ok: true, changed: false }, change: null };
    await db.update(dateExceptions).set(view(input)).where(eq(dateExceptions.date, input.date));
    return {
      result: { ok: true, changed: true },
      change: {
        action: 'exception.update',
        touches: [`date:${input.date}`],
        entity: 'date_exception',
        entityId: input.date,
        before: view(existing),
        after: view(input),
      },
    };
  });
}

export async function removeDateException({
  date,
  ...context
}: { date: string } & ChangeContext): Promise<DateExceptionResult> {
  return changeFacts<DateExceptionResult>(context, async (db) => {
    const [existing] = await db
      .select()
      .from(dateExceptions)
      .where(eq(dateExceptions.date, date))
      .limit(1);
    if (!existing) return { result: { ok: false, reason: 'notFound' }, change: null };
    await db.delete(dateExceptions).where(eq(dateExceptions.date, date));
    return {
      result: { ok: true, changed: true },
      change: {
        action: 'exception.remove',
        touches: [`date:${date}`],
        entity: 'date_exception',
        entityId: date,
        before: view(existing),
      },
    };
  });
}
