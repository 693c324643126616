// @module-tag postgres: rate limits counted in the database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteStaleRateLimitHits, takeRateLimitHit } from '@/db/rate-limits';
import { type OutsideConnection, openOutsideConnection } from '../support/outside-connection';
import { sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let other: OutsideConnection;
beforeEach(async () => {
  temp = await useTempDatabase();
  // Opened (migrated) before another connection reaches it.
  await sqlValue('select count(*) from rate_limit_hits');
  other = await openOutsideConnection(temp);
});
afterEach(async () => {
  await other.close();
  await temp.cleanup();
});

const limit = { max: 3, windowMs: 60_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 11, 1, 9, 0, seconds));

describe('a rate limit kept in the database', () => {
  it('allows up to its limit in the window, then says when the next one is allowed', async () => {
    for (const second of [0, 1, 2]) {
      expect(await takeRateLimitHit({ key: 'customer:a', limit, now: at(second) })).toMatchObject({
        allowed: true,
      });
    }
    expect(await takeRateLimitHit({ key: 'customer:a', limit, now: at(10) })).toMatchObject({
      allowed: false,
      retryAfterMs: 50_000,
    });
    // Another address has its own allowance; the refused hit was not kept.
    expect((await takeRateLimitHit({ key: 'customer:b', limit, now: at(10) })).allowed).toBe(true);
    expect(await sqlValue("select count(*) from rate_limit_hits where key = 'customer:a'")).toBe(3);
    // Once the first hit leaves the window, one more is allowed.
    expect((await takeRateLimitHit({ key: 'customer:a', limit, now: at(61) })).allowed).toBe(true);
  });

  it('counts the hits another server on the same database took: one allowance, not one each', async () => {
    for (const second of [0, 1]) {
      await other.run(
        'insert into rate_limit_hits (key, at) values (?, ?)',
        'customer:a',
        at(second).getTime(),
      );
    }
    expect((await takeRateLimitHit({ key: 'customer:a', limit, now: at(5) })).allowed).toBe(true);
    expect((await takeRateLimitHit({ key: 'customer:a', limit, now: at(6) })).allowed).toBe(false);
  });

  it('drops hits older than any window, whoever they were for', async () => {
    await other.run('insert into rate_limit_hits (key, at) values (?, ?)', 'customer:gone', 0);
    await takeRateLimitHit({ key: 'customer:a', limit, now: at(0) });
    expect(await sqlValue("select count(*) from rate_limit_hits where key = 'customer:gone'")).toBe(
      0,
    );
    // A quiet desk's are swept too (hourly, by the session sweeper).
    await other.run('insert into rate_limit_hits (key, at) values (?, ?)', 'customer:gone', 0);
    await deleteStaleRateLimitHits({ now: at(0) });
    expect(await sqlValue('select count(*) from rate_limit_hits')).toBe(1);
  });
});
