import { AccessibilityTour, desktop, phone } from './pages/accessibility-tour';
import { QuestionPage } from './pages/inbox-page';
import { expectNoAxeViolations } from './support/axe';
import { mainDesk } from './support/database';
import { expect, test } from './support/fixtures';
import { startOwnServer } from './support/own-server';
import { askByApi, waitForStatus } from './support/questions';
import { signInReusingSession } from './support/reused-sessions';

// The accessibility gate: every page of the desk (app/**/page.tsx) in its main states, at a
// desktop's size and a phone's, with no axe violation of WCAG 2.2 AA or axe's best practices.
// Journeys elsewhere check the states they create (the guided start, a customer's feedback, a
// mention's merge); this walk makes sure no page is left out.

test('the public pages pass axe, empty and with their mistakes shown', async ({ page }) => {
  const tour = new AccessibilityTour(page);
  const { ticketPath } = await askByApi(page.request, {
    name: 'Ada Tour',
    text: 'Do you bake spelt loaves on Fridays?',
  });

  await tour.visitAndCheck('/');
  await tour.visitAndCheck('/ask');
  await tour.checkMistakes('Send question');
  await tour.visitAndCheck('/login');
  await tour.checkMistakes('Sign in');
  await tour.visitAndCheck(ticketPath);
  // The Ask us panel a bakery's website frames, opened as a page of its own.
  await tour.visitAndCheck('/widget');
  await tour.checkMistakes('Send question');
  await tour.visitAndCheck(`/widget${ticketPath}`);
  await tour.visitAndCheck('/join/no-such-invite-token');
  // The owner exists, so /setup is the bakery's own not found, as is any unknown address.
  await tour.visitAndCheck('/setup', { status: 404 });
  await tour.visitAndCheck('/no-such-page', { status: 404 });
  await tour.visitAndCheck('/t/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { status: 404 });
});

test('the staff pages pass axe: the inbox full and empty, a draft with its dialogs open', async ({
  page,
  staff,
}) => {
  const tour = new AccessibilityTour(page);
  const { id } = await askByApi(page.request, {
    name: 'Ben Tour',
    text: 'How much are 12 sourdough rolls for Saturday?',
  });
  await signInReusingSession(page, staff);
  await waitForStatus(id, 'drafted');

  await tour.visitAndCheck('/inbox');
  await test.step('the header folded into its menu on a phone, open', async () => {
    await page.setViewportSize(phone);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
  await tour.checkDialog(page.getByRole('button', { name: 'Keys (?)' }), 'Keyboard shortcuts');
  for (const group of ['inProgress', 'failed', 'sent', 'discarded']) {
    await tour.visitAndCheck(`/inbox?group=${group}`);
  }
  await tour.visitAndCheck('/inbox?q=nothing-here-matches');

  const question = new QuestionPage(page);
  await question.open(id);
  await expect(question.editor).toBeVisible();
  await tour.check('a question with its draft');
  await tour.checkDialog(
    page.getByRole('button', { name: 'Send…' }),
    'Send this reply to the customer?',
  );
  await tour.checkDialog(page.getByRole('button', { name: 'Discard…' }), 'Discard this question?');

  await tour.visitAndCheck('/inbox/stats');
  await tour.visitAndCheck('/inbox/snippets');
  await tour.checkMistakes('Save snippet');
  await tour.visitAndCheck('/account');
  await tour.checkMistakes('Change password');
  await tour.visitAndCheck('/admin', { status: 403 });
});

test('the owner’s pages pass axe, with a form’s mistakes shown', async ({ page, owner }) => {
  const tour = new AccessibilityTour(page);
  await signInReusingSession(page, owner);
  for (const path of [
    '/admin',
    '/admin/start',
    '/admin/staff',
    '/admin/labels',
    '/admin/hours',
    '/admin/knowledge',
    '/admin/audit',
    '/admin/insights',
    '/admin/data',
  ]) {
    await tour.visitAndCheck(path);
  }
  await tour.visitAndCheck('/admin/menu');
  await tour.checkMistakes('Add item');
  await tour.visitAndCheck('/admin/exceptions');
  await tour.checkMistakes('Add date');
  await tour.visitAndCheck('/admin/settings');
});

test('the gate fails on a page with a field nobody could name', async ({ page }) => {
  // A server of its own on the worker's desk's database, with the floors turned on.
  const server = await startOwnServer({
    name: 'axe-floor',
    env: { HOST: '127.0.0.1', BENCH_FLOOR: 'on' },
    database: mainDesk(),
  });
  try {
    await page.goto(`${server.url}/floor/unlabeled-field`);
    await expect(page.getByRole('heading', { name: 'A field without a label' })).toBeVisible();
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/"id": "label"/);
  } finally {
    await server.stop();
  }
});

test('on a phone the header is one line with a Menu the keyboard opens and Escape closes; the inbox’s tabs scroll to the current one', async ({
  page,
  staff,
}) => {
  await signInReusingSession(page, staff);
  await page.setViewportSize(phone);
  await page.goto('/inbox?group=discarded');
  const menu = page.getByRole('button', { name: 'Menu' });
  const links = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(links).toBeHidden();
  const nameBox = await page.getByTestId('shell-bakery-name').boundingBox();
  const menuBox = await menu.boundingBox();
  if (!nameBox || !menuBox) throw new Error('the header shows no name or no Menu');
  const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
  expect(Math.abs(middle(nameBox) - middle(menuBox)), 'the name and Menu on one line').toBeLessThan(
    2,
  );

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(links).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(links.getByRole('link', { name: 'Inbox' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(links).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // Following one of its links closes it on the page it opens.
  await page.keyboard.press('Space');
  await links.getByRole('link', { name: 'My figures' }).click();
  await expect(page).toHaveURL(/\/inbox\/stats$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(links).toBeHidden();

  // The tabs are wider than the phone: they scroll, with the current one shown whole.
  await page.goto('/inbox?group=discarded');
  const strip = page.getByTestId('state-tabs');
  expect(await strip.evaluate((nav) => nav.scrollWidth > nav.clientWidth)).toBe(true);
  await expect(page.getByTestId('tab-discarded')).toBeInViewport({ ratio: 0.95 });
  // Badges stay on one line at their size, and each row's box is a 24 px target at least.
  await page.goto('/inbox?group=needsReview');
  for (const badge of await page.getByTestId('status-badge').all()) {
    expect(
      await badge.evaluate(
        (b) => b.getClientRects().length === 1 && b.scrollWidth <= b.clientWidth,
      ),
    ).toBe(true);
  }
  const box = await page.getByTestId('row-select').first().boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);

  // A desktop shows the links at once, with no Menu.
  await page.setViewportSize(desktop);
  await expect(links).toBeVisible();
  await expect(menu).toBeHidden();
});
