import { execFileSync } from 'node:child_process';
import { type DeskDatabaseAt, databaseEnv, mainDesk, withDeskDatabase } from './database';

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
 * Creates the user with `npm run user:add`'s script (run by Node itself, without npm in
 * between) against the server's database, unless the email already has an account (then it
 * is reused, so specs can run alone or in any order).
 */
export async function ensureUser(
  user: TestUser,
  at: DeskDatabaseAt = mainDesk(),
): Promise<TestUser> {
  if (await userExists(user.email, at)) return user;
  execFileSync(
    process.execPath,
    [
      '--conditions=react-server',
      '--import',
      'tsx',
      'scripts/user-add.ts',
      '--email',
      user.email,
      '--role',
      user.role,
      '--name',
      user.name,
    ],
    {
      input: `${user.password}\n`,
      // The suite's own DATABASE_URL (a PostgreSQL run's first database) is no server's.
      env: { ...withoutDatabaseUrl(process.env), ...databaseEnv(at) },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  return user;
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}
