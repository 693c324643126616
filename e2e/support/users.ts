import { hashPassword } from '../../lib/auth/password-hash';
import { type DeskDatabaseAt, mainDesk, withDeskDatabase } from './database';
import { storedPasswordHashes } from './stored-password-hashes';

export type TestUser = { email: string; password: string; name: string; role: 'owner' | 'staff' };

/**
 * The owner: each worker's main desk has them from the start (e2e/support/worker-desks.ts);
 * e2e/01-first-run.spec.ts creates them through /setup on a desk of its own.
 */
export const owner: TestUser = {
  email: 'owner@juniper.test',
  password: 'Proof the rye at dawn',
  name: 'Olive Owner',
  role: 'owner',
};

export const staff: TestUser = {
  email: 'sam@juniper.test',
  password: 'Crumb and crust 42',
  name: 'Sam Staff',
  role: 'staff',
};

/** A user of one's own, for tests that lock, remove or otherwise spoil an account. */
export function testUser(label: string, role: TestUser['role'] = 'staff'): TestUser {
  return {
    email: `${label}@juniper.test`,
    password: `Sesame ${label} seeds 7`,
    name: label.replace(
      /(^|-)(\w)/g,
      (_, gap: string, c: string) => `${gap ? ' ' : ''}${c.toUpperCase()}`,
    ),
    role,
  };
}

export async function userExists(email: string, at: DeskDatabaseAt = mainDesk()): Promise<boolean> {
  return withDeskDatabase(
    async (db) => (await db.row('select 1 from users where email = ?', email)) !== undefined,
    at,
  );
}

/**
 * Writes the account straight into the server's database, as `npm run user:add` would (its
 * address lower-cased, a full-cost password hash), unless the email already has an account
 * (then it is reused, so specs can run alone or in any order). The script itself is tested as
 * a process in tests/scripts/; here it would cost a Node start and a TypeScript load per user.
 * A known test password's hash is written from e2e/support/stored-password-hashes.ts.
 */
export async function ensureUser(
  user: TestUser,
  at: DeskDatabaseAt = mainDesk(),
): Promise<TestUser> {
  if (await userExists(user.email, at)) return user;
  const passwordHash = storedPasswordHashes[user.password] ?? (await hashPassword(user.password));
  await withDeskDatabase(
    (db) =>
      db.run(
        'insert into users (email, name, role, password_hash, created_at) values (?, ?, ?, ?, ?)',
        user.email.toLowerCase(),
        user.name,
        user.role,
        passwordHash,
        Date.now(),
      ),
    at,
  );
  return user;
}
