import { type Cookie, type Page, test } from '@playwright/test';
import { signIn } from './fixtures';
import type { TestUser } from './users';

// Per worker, spec file and person: what another spec does to a session cannot reach this
// one's, and a worker that restarts after a failure starts with none.
const sessions = new Map<string, Cookie[]>();

/**
 * Signs the page in as `user` with a session made by a real sign-in, the first time per worker
 * and spec, and after that with the same session's cookies. For journeys whose subject is not
 * signing in: each real sign-in is a full-cost password check (about 0.45 s of the server's
 * processor), which proves nothing more the second time. A spec must not sign out, or end the
 * sessions of, a person it signs in this way; for those, the plain `signIn`.
 */
export async function signInReusingSession(page: Page, user: TestUser): Promise<void> {
  const key = `${test.info().file} ${user.email}`;
  const saved = sessions.get(key);
  if (saved) {
    await page.context().addCookies(saved);
    return;
  }
  const before = new Set((await page.context().cookies()).map(cookieKey));
  await signIn(page, user);
  // Only what the sign-in set (the session, and any device cookie), not the page's earlier ones.
  const made = (await page.context().cookies()).filter((cookie) => !before.has(cookieKey(cookie)));
  sessions.set(key, made);
}

const cookieKey = (cookie: Cookie) => `${cookie.name}=${cookie.value}`;
