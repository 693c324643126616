import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createUser } from '@/db/users';
import { useTempDatabase } from '../support/temp-db';

let database: Awaited<ReturnType<typeof useTempDatabase>>;
beforeEach(async () => {
  database = await useTempDatabase();
});
afterEach(() => database.cleanup());

describe('a failed statement', () => {
  it("rejects with the driver's own error, without the statement's values", async () => {
    const sqlite = (await getDb()).$client;
    sqlite.exec(
      "create trigger refuse_users before insert on users begin select raise(abort, 'no more staff'); end",
    );
    const failure = await createUser({
      email: 'sam@example.com',
      name: 'Sam',
      role: 'staff',
      passwordHash: 'secret-hash-value',
      now: new Date(),
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'SQLITE_CONSTRAINT_TRIGGER', message: 'no more staff' });
    expect(String((failure as Error).stack)).not.toContain('secret-hash-value');
    expect(String((failure as Error).stack)).not.toContain('sam@example.com');
  });
});
