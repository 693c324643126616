import { expect, test } from './support/fixtures';

// After sign-in, /login sends a person on to `next`: only ever a path on this site.
test('a signed-in visit to /login never redirects off-site, however `next` is spelled', async ({
  page,
  staff,
  signIn,
}) => {
  await signIn(page, staff);
  for (const next of [
    '/.//evil.example/x',
    '/a/..//evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    'https://evil.example/x',
  ]) {
    const response = await page.request.get(`/login?next=${encodeURIComponent(next)}`, {
      maxRedirects: 0,
    });
    expect(response.status(), next).toBe(307);
    const location = response.headers().location ?? '';
    expect(new URL(location, 'http://desk.test').origin, `${next} → ${location}`).toBe(
      'http://desk.test',
    );
    expect(location, next).toBe('/inbox');
  }
  // A path on this site is kept.
  const kept = await page.request.get(`/login?next=${encodeURIComponent('/inbox?tab=sent')}`, {
    maxRedirects: 0,
  });
  expect(kept.headers().location).toBe('/inbox?tab=sent');
});
