// @module-tag postgres: each driver's errors, unwrapped alike.
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@/db/users';
import { sqlRun } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

let database: Awaited<ReturnType<typeof useTempDatabase>>;
beforeEach(async () => {
  database = await useTempDatabase();
});
afterEach(() => database.cleanup());

/** A trigger that refuses every new account with the words 'no more staff', in each engine's SQL. */
async function refuseNewUsers(): Promise<void> {
  if (onPostgres()) {
    await sqlRun(
      "create function refuse_users() returns trigger language plpgsql as $$ begin raise exception 'no more staff'; end $$",
    );
    await sqlRun(
      'create trigger refuse_users before insert on users for each row execute function refuse_users()',
    );
  } else {
    await sqlRun(
      "create trigger refuse_users before insert on users begin select raise(abort, 'no more staff'); end",
    );
  }
}

describe('a failed statement', () => {
  it("rejects with the driver's own error, without the statement's values", async () => {
    await refuseNewUsers();
    const failure = await createUser({
      email: 'sam@example.com',
      name: 'Sam',
      role: 'staff',
      passwordHash: 'secret-hash-value',
      now: new Date(),
    }).catch((error: unknown) => error);
    if (onPostgres()) {
      // pg's own error, with PostgreSQL's code for an exception raised by a function.
      expect(failure).toBeInstanceOf(pg.DatabaseError);
      expect(failure).toMatchObject({ code: 'P0001', message: 'no more staff' });
    } else {
      expect(failure).toMatchObject({
        code: 'SQLITE_CONSTRAINT_TRIGGER',
        message: 'no more staff',
      });
    }
    // Nowhere in it: not its stack, nor any field a log line would print.
    const whole = `${String((failure as Error).stack)} ${JSON.stringify(failure)}`;
    expect(whole).toContain('no more staff');
    expect(whole).not.toContain('secret-hash-value');
    expect(whole).not.toContain('sam@example.com');
  });

  it("names a broken constraint, never the row's values", async () => {
    // PostgreSQL's own words for it would say `Key (name)=(…)` or `Failing row contains (…)`.
    await sqlRun('create unique index users_one_name on users (name)');
    const add = (email: string) =>
      createUser({
        email,
        name: 'Samwise Doubled',
        role: 'staff',
        passwordHash: 'secret-hash-value',
        now: new Date(),
      });
    expect(await add('first@example.com')).toMatchObject({ ok: true });
    const failure = await add('second@example.com').catch((error: unknown) => error);
    expect(failure).toMatchObject(
      onPostgres()
        ? { code: '23505', constraint: 'users_one_name' }
        : { code: 'SQLITE_CONSTRAINT_UNIQUE' },
    );
    const whole = `${String((failure as Error).stack)} ${JSON.stringify(failure)}`;
    for (const value of ['Samwise Doubled', 'second@example.com', 'secret-hash-value']) {
      expect(whole).not.toContain(value);
    }
  });
});
