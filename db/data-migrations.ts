import { eq } from 'drizzle-orm';
import { hashTicketToken } from '@/lib/intake/ticket-token';
import type { Db } from './client';
import { dataMigrations, questions } from './schema';

/**
 * Changes to stored rows that SQL cannot express, run once each right after the schema
 * migrations, in order. Each runs in the same BEGIN IMMEDIATE transaction as the row that
 * records it, so two processes starting together apply it exactly once.
 */
type DataMigration = { name: string; apply: (db: Db) => void };

export const DATA_MIGRATIONS: DataMigration[] = [
  {
    // Earlier releases stored the ticket token itself; its hash keeps every link working.
    name: '0002_hash_ticket_tokens',
    apply: (db) => {
      const rows = db
        .select({ id: questions.id, token: questions.ticketHash })
        .from(questions)
        .all();
      for (const row of rows) {
        db.update(questions)
          .set({ ticketHash: hashTicketToken(row.token) })
          .where(eq(questions.id, row.id))
          .run();
      }
    },
  },
];

export function applyDataMigrations(db: Db, now: Date = new Date()): string[] {
  const applied: string[] = [];
  for (const migration of DATA_MIGRATIONS) {
    const done = db.$client
      .transaction(() => {
        const seen = db
          .select({ name: dataMigrations.name })
          .from(dataMigrations)
          .where(eq(dataMigrations.name, migration.name))
          .get();
        if (seen) return false;
        migration.apply(db);
        db.insert(dataMigrations).values({ name: migration.name, appliedAt: now }).run();
        return true;
      })
      .immediate();
    if (done) applied.push(migration.name);
  }
  return applied;
}
