import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { bakery, questions } from './schema';

/**
 * The guided start a new desk's owner is walked through after setup (`bakery.firstRun`), and
 * the example questions a new desk is seeded with (channel 'sample'), which it offers to
 * remove in one step.
 */

export type FirstRun = 'pending' | 'done';

/** Finishing or skipping the guided start: the desk stops offering it (Settings still opens it). */
export async function setFirstRun({
  state,
  by,
  now,
}: {
  state: FirstRun;
  by: number;
  now: Date;
}): Promise<{ changed: boolean }> {
  return immediate(await getDb(), async (tx) => {
    const [row] = await tx
      .select({ firstRun: bakery.firstRun })
      .from(bakery)
      .where(eq(bakery.id, 1))
      .limit(1);
    if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
    if (row.firstRun === state) return { changed: false };
    await tx.update(bakery).set({ firstRun: state, updatedAt: now }).where(eq(bakery.id, 1));
    await writeAudit(tx, {
      userId: by,
      at: now,
      action: state === 'done' ? 'firstRun.done' : 'firstRun.reopen',
      entity: 'bakery',
      entityId: '1',
      before: { firstRun: row.firstRun },
      after: { firstRun: state },
    });
    return { changed: true };
  });
}

/** How many example questions the desk still holds. */
export async function countExampleQuestions(): Promise<number> {
  const [row] = await (await getDb())
    .select({ n: sql<number>`count(*)` })
    .from(questions)
    .where(eq(questions.channel, 'sample'));
  return Number(row?.n ?? 0);
}

/**
 * Deletes every example question (with their messages, drafts and anything sent in reply, by
 * the tables' cascades) in one transaction with one audit row: they are the desk's own
 * examples, not a customer's words, so nothing of them is worth keeping. Customers' questions
 * are never touched.
 */
export async function removeExampleQuestions({
  by,
  now,
}: {
  by: number;
  now: Date;
}): Promise<{ removed: number }> {
  return immediate(await getDb(), async (tx) => {
    const removed = await tx
      .delete(questions)
      .where(eq(questions.channel, 'sample'))
      .returning({ id: questions.id });
    if (removed.length === 0) return { removed: 0 };
    await writeAudit(tx, {
      userId: by,
      at: now,
      action: 'samples.remove',
      entity: 'question',
      before: { exampleQuestions: removed.map((q) => q.id).sort((a, b) => a - b) },
    });
    return { removed: removed.length };
  });
}
