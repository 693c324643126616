import { getDb, immediate } from '@/db/client';
import { createQuestion } from '@/db/questions';
import { useTempDatabase as openTempDatabase } from '@/tests/support/temp-db';

/**
 * A fresh, migrated and seeded database file (WAL) for this process, holding exactly `count`
 * queued questions: the seed's sample questions are set aside.
 */
export async function freshQueue(
  count: number,
): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const temp = await openTempDatabase();
  const db = await getDb();
  db.$client.prepare("update questions set status = 'discarded'").run();
  const start = Date.now() - count;
  // One transaction for the lot: each question's own transaction joins it.
  await immediate(db, async () => {
    for (let i = 0; i < count; i++) {
      await createQuestion({
        text: 'Can I pick up two rye loaves on Saturday at 9?',
        customerName: `Customer ${i}`,
        customerEmail: null,
        channel: 'api',
        now: new Date(start + i),
      });
    }
  });
  return temp;
}

export async function countByStatus(status: string): Promise<number> {
  return (await getDb()).$client
    .prepare('select count(*) from questions where status = ?')
    .pluck()
    .get(status) as number;
}
