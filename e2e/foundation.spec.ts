import { expect, test } from './support/fixtures';

test('the production app serves the bakery and answers its health check', async ({
  page,
  request,
}) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ ok: true });

  await page.goto('/');
  await expect(page.getByTestId('bakery-name')).toHaveText('Juniper Street Bakery');
});
