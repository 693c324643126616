import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
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

/** Newest first; ties (one transaction) by the order they were written. */
export async function listAuditEntries({
  limit,
  offset = 0,
}: {
  limit: number;
  offset?: number;
}): Promise<AuditListing[]> {
  return (await getDb())
    .select({
      id: auditLog.id,
      userId: auditLog.userId,
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      userName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countAuditEntries(): Promise<number> {
  const [row] = await (await getDb()).select({ n: sql<number>`count(*)` }).from(auditLog);
  return row?.n ?? 0;
}
