import { type DeskDatabaseAt, mainDesk, withDeskDatabase } from './database';
import type { TestUser } from './users';

/**
 * A person's "After Send, open the next question needing review" (on unless they turned it off),
 * written into their row: journeys that read the sent question's own page after Send keep the
 * person on it, and put the choice back after, so the shared desk's people keep their defaults
 * for the specs that follow in the same worker.
 */
export async function setNextAfterSend(
  user: TestUser,
  choice: boolean | 'default',
  at: DeskDatabaseAt = mainDesk(),
): Promise<void> {
  await withDeskDatabase(async (db) => {
    const row = await db.row<{ preferences: string | null }>(
      'select preferences from users where email = ?',
      user.email,
    );
    if (!row) throw new Error(`${user.email} has no account on this desk.`);
    const { nextAfterSend: _, ...others } = JSON.parse(row.preferences ?? '{}') as Record<
      string,
      unknown
    >;
    const preferences = choice === 'default' ? others : { ...others, nextAfterSend: choice };
    await db.run(
      'update users set preferences = ? where email = ?',
      JSON.stringify(preferences),
      user.email,
    );
  }, at);
}
