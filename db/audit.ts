import 'server-only';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AuditCursor, AuditQuery } from '@/lib/audit/filter';
import { type Db, getDb } from './client';
import { type AuditEntry, auditLog, users } from './schema';

export type AuditRecord = {
  /** Who did it; null for setup and the command line. */
  userId: number | null;
  at: Date;
  action: string;
  entity: string;
  entityId?: string | null;
  /** Plain data, stored as JSON; absent for an addition (before) or a removal (after). */
  before?: unknown;
  after?: unknown;
};

/** The one writer of audit rows. Call it inside the transaction that makes the change. */
export async function writeAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    userId: record.userId,
    at: record.at,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId ?? null,
    before: record.before === undefined ? null : JSON.stringify(record.before),
    after: record.after === undefined ? null : JSON.stringify(record.after),
  });
}

export type AuditListing = AuditEntry & { userName: string | null };

/** An entry with the name of the person who acted (none for setup and failed sign-ins). */
const listingColumns = {
  id: auditLog.id,
  userId: auditLog.userId,
  at: auditLog.at,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  userName: users.name,
};

/** Newest first; ties (one transaction) by the order they were written. */
export async function listAuditEntries({
  limit,
  offset = 0,
}: {
  limit: number;
  offset?: number;
}): Promise<AuditListing[]> {
  return (await getDb())
    .select(listingColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export type AuditPage = {
  /** Newest first. */
  entries: AuditListing[];
  /** Whether entries older than the last shown match the same filter. */
  hasOlder: boolean;
  /** Whether entries newer than the first shown match the same filter. */
  hasNewer: boolean;
};

/** Before (or after) a place in the list, in its order: time, then the order of writing. */
function beyond(cursor: AuditCursor, direction: 'older' | 'newer'): SQL | undefined {
  const past = direction === 'older' ? lt : gt;
  return or(
    past(auditLog.at, cursor.at),
    and(eq(auditLog.at, cursor.at), past(auditLog.id, cursor.id)),
  );
}

/**
 * One page of the audit log for the owner's filter: by person (null: nobody signed in),
 * actions and instants, `limit` entries newest first, older or newer than a place in the
 * list (keyset, so a page costs the same however far back it is).
 */
export async function listAuditPage({
  query,
  limit,
}: {
  query: AuditQuery;
  limit: number;
}): Promise<AuditPage> {
  const { page } = query;
  const newerPage = page !== undefined && 'newer' in page;
  const where = and(
    query.userId === undefined
      ? undefined
      : query.userId === null
        ? isNull(auditLog.userId)
        : eq(auditLog.userId, query.userId),
    query.actions === undefined ? undefined : inArray(auditLog.action, query.actions),
    query.since === undefined ? undefined : gte(auditLog.at, query.since),
    query.until === undefined ? undefined : lt(auditLog.at, query.until),
    page === undefined
      ? undefined
      : 'older' in page
        ? beyond(page.older, 'older')
        : beyond(page.newer, 'newer'),
  );
  const order = newerPage
    ? [asc(auditLog.at), asc(auditLog.id)]
    : [desc(auditLog.at), desc(auditLog.id)];
  const rows = await (await getDb())
    .select(listingColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(...order)
    .limit(limit + 1);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  if (newerPage) return { entries: shown.reverse(), hasOlder: true, hasNewer: more };
  return { entries: shown, hasOlder: more, hasNewer: page !== undefined };
}

/** Everyone who may appear in the log, removed people too, by name. */
export async function listAuditPeople(): Promise<{ id: number; name: string; removed: boolean }[]> {
  const rows = await (await getDb())
    .select({ id: users.id, name: users.name, removedAt: users.removedAt })
    .from(users)
    .orderBy(asc(users.name), asc(users.id));
  return rows.map(({ id, name, removedAt }) => ({ id, name, removed: removedAt !== null }));
}

export async function countAuditEntries(): Promise<number> {
  const [row] = await (await getDb()).select({ n: sql<number>`count(*)` }).from(auditLog);
  return row?.n ?? 0;
}
