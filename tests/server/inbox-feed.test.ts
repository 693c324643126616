// @module-tag postgres: change notices of another connection's writes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { type FeedMessage, subscribeInboxFeed } from '@/server/inbox-feed';
import { type OutsideConnection, openOutsideConnection } from '../support/outside-connection';
import { useTempDatabase } from '../support/temp-db';

/** Messages the feed sends while `during` runs and for `settleMs` after. */
async function feedDuring(during: () => Promise<void>, settleMs: number): Promise<FeedMessage[]> {
  const seen: FeedMessage[] = [];
  const unsubscribe = subscribeInboxFeed((message) => seen.push(message));
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await during();
    await new Promise((resolve) => setTimeout(resolve, settleMs));
  } finally {
    unsubscribe();
  }
  return seen;
}

describe('the inbox feed across processes', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let other: OutsideConnection;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await getDb();
    // Another process's connection to the same database: a separately run worker, say. On
    // PostgreSQL its commit reaches the feed through the database's change notices.
    other = await openOutsideConnection(temp);
  });
  afterEach(async () => {
    await other.close();
    await temp.cleanup();
  });

  it("announces a question another connection changed, and stays quiet for other tables' writes", async () => {
    const changed = await feedDuring(
      () => other.run('update questions set version = version + 1 where id = 1'),
      1_500,
    );
    expect(changed).toContainEqual({ event: 'queue', data: { questionId: null } });

    const unrelated = await feedDuring(
      () => other.run("insert into sign_in_failures (key, at) values ('k', 1)"),
      1_000,
    );
    expect(unrelated).toEqual([]);
  });
});
