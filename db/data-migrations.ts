import { eq } from 'drizzle-orm';
import { hashTicketToken } from '@/lib/intake/ticket-token';
import { type Db, immediate } from './client';
import { dataMigrations, questions } from './schema';

/**
 * Changes to stored rows that SQL cannot express, run once each right after the schema
 * migrations, in order. Each runs in the same BEGIN IMMEDIATE transaction as the row that
 * records it, so two processes starting together apply it exactly once.
 */
type DataMigration = { name: string; apply: (db: Db) => Promise<void> };

export const DATA_MIGRATIONS: DataMigration[] = [
  {
    // Earlier releases stored the ticket token itself; its hash keeps every link working.
    name: '0002_hash_ticket_tokens',
    apply: async (db) => {
      const rows = await db
        .select({ id: questions.id, token: questions.ticketHash })
        .from(questions);
      for (const row of rows) {
        await db
          .update(questions)
          .set({ ticketHash: hashTicketToken(row.token) })
          .where(eq(questions.id, row.id));
      }
    },
  },
];

export async function applyDataMigrations(db: Db, now: Date = new Date()): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of DATA_MIGRATIONS) {
    const done = await immediate(db, async (tx) => {
      const [seen] = await tx
        .select({ name: dataMigrations.name })
        .from(dataMigrations)
        .where(eq(dataMigrations.name, migration.name))
        .limit(1);
      if (seen) return false;
      await migration.apply(tx);
      await tx.insert(dataMigrations).values({ name: migration.name, appliedAt: now });
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
