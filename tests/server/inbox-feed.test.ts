import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { type FeedMessage, subscribeInboxFeed } from '@/server/inbox-feed';
import { useTempDatabase } from '../support/temp-db';

/** Messages the feed sends while `during` runs and for `settleMs` after. */
async function feedDuring(during: () => void, settleMs: number): Promise<FeedMessage[]> {
  const seen: FeedMessage[] = [];
  const unsubscribe = subscribeInboxFeed((message) => seen.push(message));
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    during();
    await new Promise((resolve) => setTimeout(resolve, settleMs));
  } finally {
    unsubscribe();
  }
  return seen;
}

describe('the inbox feed across processes', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let other: Database.Database;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await getDb();
    // Another process's connection to the same file: a separately run worker, say.
    other = new Database(temp.path);
    other.pragma('busy_timeout = 5000');
  });
  afterEach(async () => {
    other.close();
    await temp.cleanup();
  });

  it("announces a question another connection changed, and stays quiet for other tables' writes", async () => {
    const changed = await feedDuring(() => {
      other.prepare('update questions set version = version + 1 where id = 1').run();
    }, 1_500);
    expect(changed).toContainEqual({ event: 'queue', data: { questionId: null } });

    const unrelated = await feedDuring(() => {
      other.prepare("insert into sign_in_failures (key, at) values ('k', 1)").run();
    }, 1_000);
    expect(unrelated).toEqual([]);
  });
});
