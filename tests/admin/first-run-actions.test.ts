import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listMenuItems } from '@/db/menu';
import { insertSession } from '@/db/sessions';
import { createStaffInvite } from '@/db/staff-invites';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { PLAIN_SESSION_COOKIE } from '@/lib/auth/session-cookie';
import { generateSessionToken, hashSessionToken } from '@/lib/auth/session-token';
import { sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';
import { startCountingWrites } from '../support/write-count';

/**
 * The guided start's menu import and the invite page's action, called as the browser calls
 * them (the previous state and the form), with a real session in a temporary database.
 */
const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) =>
      request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined,
    set: (name: string, value: string) => request.cookies.set(name, value),
    delete: (name: string | { name: string }) =>
      request.cookies.delete(typeof name === 'string' ? name : name.name),
  }),
  headers: async () =>
    new Headers({ host: 'desk.test', 'x-forwarded-for': '192.0.2.9', 'x-forwarded-proto': 'http' }),
}));
class Redirected extends Error {}
vi.mock('next/navigation', () => ({
  redirect: (url: string) => {
    throw new Redirected(url);
  },
  notFound: () => {
    throw new Redirected('notFound');
  },
  forbidden: () => {
    throw new Redirected('forbidden');
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));

const { importMenu } = await import('@/app/admin/start/actions');
const { acceptInvite } = await import('@/app/join/[token]/actions');

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let ownerId: number;
let writes: () => Promise<number>;

beforeAll(async () => {
  temp = await useTempDatabase();
  const owner = await createUser({
    email: 'olive@example.com',
    name: 'Olive',
    role: 'owner',
    passwordHash: UNMATCHABLE_PASSWORD_HASH,
    now: new Date(),
  });
  if (!owner.ok) throw new Error(owner.reason);
  ownerId = owner.user.id;
  writes = await startCountingWrites();
});
afterAll(() => temp.cleanup());

async function signInOwner() {
  const token = generateSessionToken();
  const now = new Date();
  await insertSession({
    id: hashSessionToken(token),
    userId: ownerId,
    expiresAt: new Date(now.getTime() + 3_600_000),
    now,
  });
  request.cookies.clear();
  request.cookies.set(PLAIN_SESSION_COOKIE, token);
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('importing a menu in the guided start', () => {
  it('writes nothing for a file with one bad row, and says which row and why', async () => {
    await signInOwner();
    const before = await listMenuItems();
    const count = await writes();
    const result = await importMenu(
      undefined,
      form({
        csv: 'name,price,notice days,allergens\nRye loaf,6.50,0,wheat\nCake,forty,3,\nBun,1,0,\n',
      }),
    );
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: 'Nothing was imported. Fix these rows in the file and import it again:',
      problems: [{ row: 3, message: 'Price: Enter the price as a number, such as 3.25.' }],
    });
    expect(await writes()).toBe(count);
    expect(await listMenuItems()).toEqual(before);
  });

  it('replaces the menu with a good file, audited as the owner’s', async () => {
    await signInOwner();
    const result = await importMenu(
      undefined,
      form({ csv: 'name,price\nRye loaf,6.50\nCake,40\n' }),
    );
    expect(result).toEqual({
      ok: true,
      message: 'Imported 2 items: the menu now holds only those.',
    });
    expect((await listMenuItems()).map((i) => i.name)).toEqual(['Cake', 'Rye loaf']);
    expect(
      Number(
        await sqlValue(
          "select count(*) from audit_log where action = 'menu.replace' and user_id = ?",
          ownerId,
        ),
      ),
    ).toBe(1);
  });
});

describe('the invite page’s action', () => {
  it('makes no account from a link that does not open, and signs the invited person in from one that does', async () => {
    request.cookies.clear();
    const now = new Date();
    const made = await createStaffInvite({
      email: 'ines@example.com',
      name: 'Ines',
      role: 'staff',
      by: ownerId,
      now,
    });
    if (!made.ok) throw new Error(made.reason);
    const password = 'Proof the rye at dawn';
    const count = await writes();
    expect(
      await acceptInvite(
        undefined,
        form({ token: `${made.token.slice(0, -2)}zz`, password, confirmPassword: password }),
      ),
    ).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(/not an invite link/),
    });
    expect(
      await acceptInvite(
        undefined,
        form({ token: made.token, password: 'ines ines ines', confirmPassword: 'ines ines ines' }),
      ),
    ).toMatchObject({ ok: false, status: 400, errors: { password: expect.any(String) } });
    expect(await writes()).toBe(count);

    await expect(
      acceptInvite(undefined, form({ token: made.token, password, confirmPassword: password })),
    ).rejects.toThrow(new Redirected('/inbox'));
    expect(request.cookies.get(PLAIN_SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      await acceptInvite(
        undefined,
        form({ token: made.token, password, confirmPassword: password }),
      ),
    ).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(/already been used/),
    });
    expect(
      Number(await sqlValue("select count(*) from users where email = 'ines@example.com'")),
    ).toBe(1);
  });
});
