import type { APIRequestContext, APIResponse } from '@playwright/test';
import { request as requestFactory } from '@playwright/test';
import { type Access, type Caller, pages, routes } from '../tests/access/matrix';
import { expect, signInRequest, test } from './support/fixtures';
import { ensureUser, owner, staff } from './support/users';

/**
 * Every page and route handler in tests/access/matrix.ts (which its vitest twin proves is the
 * whole app), requested over HTTP by nobody, by staff and by an owner. Server actions are
 * checked in tests/access/matrix.test.ts, and one owner action is replayed directly by staff
 * in staff-admin.spec.ts.
 */
type Expectation = 'allowed' | 'login' | number;

function expectation(
  row: { access: Access; expect?: Partial<Record<Caller, number>> },
  caller: Caller,
  kind: 'page' | 'route',
): Expectation {
  const exact = row.expect?.[caller];
  if (exact !== undefined) return exact;
  if (row.access === 'public') return 'allowed';
  if (caller === 'anonymous') return kind === 'page' ? 'login' : 401;
  if (row.access === 'owner' && caller === 'staff') return 403;
  return 'allowed';
}

function check(response: APIResponse, expected: Expectation, label: string) {
  const status = response.status();
  const location = response.headers().location ?? '';
  if (expected === 'login') {
    expect(status, label).toBe(307);
    expect(location, label).toMatch(/^\/login(\?|$)/);
  } else if (expected === 'allowed') {
    expect(status, label).toBeLessThan(500);
    expect([401, 403], label).not.toContain(status);
    expect(location, label).not.toMatch(/^\/login(\?|$)/);
  } else {
    expect(status, label).toBe(expected);
  }
}

test.describe('the access matrix over HTTP', () => {
  const contexts = {} as Record<Caller, APIRequestContext>;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  test.beforeAll(async ({}, testInfo) => {
    const { baseURL } = testInfo.project.use;
    for (const caller of ['anonymous', 'staff', 'owner'] as const) {
      contexts[caller] = await requestFactory.newContext({ baseURL });
    }
    await signInRequest(contexts.owner, await ensureUser(owner));
    await signInRequest(contexts.staff, await ensureUser(staff));
  });
  test.afterAll(async () => {
    for (const context of Object.values(contexts)) await context.dispose();
  });

  for (const [pattern, row] of Object.entries(pages)) {
    test(`page ${pattern}`, async () => {
      for (const caller of ['anonymous', 'staff', 'owner'] as const) {
        const response = await contexts[caller].get(row.path ?? pattern, { maxRedirects: 0 });
        const expected = expectation(row, caller, 'page');
        check(response, expected, `${pattern} as ${caller}`);
        // A refused page says so (app/forbidden.tsx's heading), not only in its status.
        if (expected === 403) {
          expect(await response.text(), `${pattern} as ${caller}`).toContain(
            'Not for your account',
          );
        }
      }
    });
  }

  for (const [key, row] of Object.entries(routes)) {
    test(`route ${key}`, async () => {
      const [method, pattern] = key.split(' ') as [string, string];
      for (const caller of ['anonymous', 'staff', 'owner'] as const) {
        const response = await contexts[caller].fetch(row.path ?? pattern, {
          method,
          maxRedirects: 0,
          ...(row.body === undefined ? {} : { data: row.body }),
        });
        check(response, expectation(row, caller, 'route'), `${key} as ${caller}`);
      }
    });
  }
});
