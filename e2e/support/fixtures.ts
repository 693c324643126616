import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { ensureUser, owner, staff, type TestUser } from './users';
import { type WorkerDesks, workerDesks } from './worker-desks';

/**
 * Signs in through `POST /api/auth/sign-in` with the page's own request context, so the
 * session cookie lands in the browser context: `await signIn(page, owner)`.
 */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await signInRequest(page.request, user);
}

/** The same for a bare request context (API tests); the context keeps the cookie. */
export async function signInRequest(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Every spec takes `test` from here. Each worker starts its own desks with it
 * (e2e/support/worker-desks.ts): the main one, its owner already made (the first run's setup),
 * is every test's `baseURL`; the Claude desk is E2E_CLAUDE_BASE_URL, started for the first test
 * whose `baseURL` it is. `owner` and `staff` exist
 * (written into its database when missing) before a test using them starts; `signIn` is
 * the helper above.
 */
export const test = base.extend<
  {
    owner: TestUser;
    staff: TestUser;
    signIn: (page: Page, user: TestUser) => Promise<void>;
    claudeDeskForBaseURL: void;
  },
  { desks: WorkerDesks }
>({
  // The Claude desk (and its fake Messages API) starts with the first test that is addressed to
  // it, so a worker that never runs one spends nothing on it.
  claudeDeskForBaseURL: [
    async ({ desks, baseURL }, use) => {
      if (baseURL && baseURL === process.env.E2E_CLAUDE_BASE_URL) await desks.claude();
      await use();
    },
    { auto: true, timeout: 120_000 },
  ],
  desks: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const desks = workerDesks();
      try {
        await desks.main();
        await use(desks);
      } finally {
        await desks.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  owner: async ({}, use) => use(await ensureUser(owner)),
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  staff: async ({}, use) => use(await ensureUser(staff)),
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  signIn: async ({}, use) => use(signIn),
});

export { expect };
