import type { Page } from '@playwright/test';
import { addDays } from '../lib/agent/bakery/calendar';
import { fillInsightsFixture, fixtureRange } from '../tests/support/insights-fixture';
import { chartCutOff, chartTexts } from './pages/dashboard-charts';
import { InsightsPage } from './pages/insights-page';
import { expectNoAxeViolations } from './support/axe';
import { withDeskDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { ensureUser, owner, staff, type TestUser } from './support/users';

/**
 * The owner's dashboard and a person's own figures on a desk whose history is known by
 * construction (tests/support/insights-fixture.ts: 40 questions over 10 days, 30 answered
 * with known waits, edits and customers' answers). Every table is checked against the numbers
 * that history must give, worked out by hand from its description.
 */

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({ name: 'dashboard' });
  await ensureUser(owner, server.database);
  await ensureUser(staff, server.database);
  await withDeskDatabase(async (db) => {
    const idOf = (user: TestUser) =>
      db.value<number>('select id from users where email = ?', user.email);
    const people = { staffId: await idOf(staff), ownerId: await idOf(owner) };
    // One transaction, as the desk's writers make theirs (SQLite's takes the write lock first).
    await db.run(db.engine === 'sqlite' ? 'begin immediate' : 'begin');
    await fillInsightsFixture((text, ...params) => db.rows(text, ...params), people);
    await db.run('commit');
  }, server.database);
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, user: TestUser) {
  const response = await page.request.post(`${server.url}/api/auth/sign-in`, {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The fixture's ten days: the first five days' pattern, twice. */
const dates = Array.from({ length: 10 }, (_, i) => addDays(fixtureRange.from, i));
const twice = (rows: string[][]) =>
  [...rows, ...rows].map((row, i) => [dates[i] as string, ...row]);
const range = `range=custom&from=${fixtureRange.from}&to=${fixtureRange.to}`;

test('the owner’s dashboard shows every figure of a known history, chart and table', async ({
  page,
}, testInfo) => {
  await signIn(page, owner);
  const dashboard = new InsightsPage(page, server.url);
  await dashboard.goto();
  await dashboard.chooseDays(fixtureRange.from, fixtureRange.to);

  for (const id of [
    'volume',
    'reply-times',
    'edits',
    'topics',
    'discards',
    'spend',
    'marks',
    'people',
    'satisfaction',
  ]) {
    await expect(dashboard.chart(id), `${id} has a chart`).toHaveAttribute('aria-label', /\w/);
  }

  // n questions and n - 1 replies a day are 2n - 1 messages; day 5 has a follow-up too.
  expect(await dashboard.table('volume')).toEqual({
    head: ['Day', 'Web form', 'API', 'Questions', 'Messages', 'Messages per conversation'],
    body: [
      [dates[0], '1', '1', '2', '3', '1.5'],
      [dates[1], '2', '1', '3', '5', '1.7'],
      [dates[2], '2', '2', '4', '7', '1.8'],
      [dates[3], '3', '2', '5', '9', '1.8'],
      [dates[4], '3', '3', '6', '11', '1.8'],
      [dates[5], '1', '1', '2', '4', '2.0'],
      [dates[6], '2', '1', '3', '5', '1.7'],
      [dates[7], '2', '2', '4', '7', '1.8'],
      [dates[8], '3', '2', '5', '9', '1.8'],
      [dates[9], '3', '3', '6', '11', '1.8'],
    ],
    foot: ['All days', '22', '18', '40', '71', '1.8'],
  });

  // Waits of 25, 50, 75, 100 and 125 minutes; the median and 90th percentile are the
  // nearest-rank ones. Sunday 15th and Monday 16th the bakery is closed.
  expect(await dashboard.table('reply-times')).toEqual({
    head: ['Day', 'Answered', 'Median', '90th percentile', 'Arrived while open', 'Within the hour'],
    body: [
      [dates[0], '1', '25 min', '25 min', '2', '50%'],
      [dates[1], '2', '25 min', '50 min', '3', '67%'],
      [dates[2], '3', '50 min', '1 h 15 min', '4', '50%'],
      [dates[3], '4', '50 min', '1 h 40 min', '5', '40%'],
      // Saturday closes at 13:00: the 13:00 question arrived after closing.
      [dates[4], '5', '1 h 15 min', '2 h 05 min', '5', '40%'],
      [dates[5], '1', '25 min', '25 min', '0', '—'],
      [dates[6], '2', '25 min', '50 min', '0', '—'],
      [dates[7], '3', '50 min', '1 h 15 min', '4', '50%'],
      [dates[8], '4', '50 min', '1 h 40 min', '5', '40%'],
      [dates[9], '5', '1 h 15 min', '2 h 05 min', '6', '33%'],
    ],
    foot: ['All days', '30', '50 min', '1 h 40 min', '34', '44%'],
  });

  expect(await dashboard.table('edits')).toEqual({
    head: ['Day', 'Sent unchanged', 'Lightly edited', 'Rewritten', 'Replies'],
    body: twice([
      ['1', '0', '0', '1'],
      ['1', '1', '0', '2'],
      ['2', '1', '0', '3'],
      ['2', '1', '1', '4'],
      ['2', '2', '1', '5'],
    ]),
    foot: ['All days', '16', '10', '4', '30'],
  });

  expect(await dashboard.table('topics')).toEqual({
    head: ['Topic', 'Sent unchanged', 'Lightly edited', 'Rewritten', 'Replies', 'Rewritten share'],
    body: [
      ['Menu and prices', '16', '2', '0', '18', '0%'],
      ['Orders', '16', '2', '0', '18', '0%'],
      ['Opening hours', '0', '8', '4', '12', '33%'],
    ],
    foot: [],
  });

  expect(await dashboard.table('discards')).toEqual({
    head: ['Reason', 'Discarded'],
    body: [
      ['Spam', '3'],
      ['Customer called instead', '1'],
      ['Duplicate of another question', '1'],
    ],
    foot: [],
  });

  // $0.05 per answered question and $0.12 for each day's last; the budget is $0.30.
  expect(await dashboard.table('spend')).toEqual({
    head: [
      'Day',
      'Spend',
      'Per reply',
      'Drafts',
      'Input tokens',
      'Output tokens',
      'Cache reads',
      'Cache writes',
      'Cache-read share',
      'Over budget',
    ],
    body: twice([
      ['$0.17', '$0.17', '2', '2,000', '400', '3,000', '1,000', '50%', ''],
      ['$0.22', '$0.11', '3', '3,000', '600', '6,000', '1,000', '60%', ''],
      ['$0.27', '$0.09', '4', '4,000', '800', '9,000', '1,000', '64%', ''],
      ['$0.32', '$0.08', '5', '5,000', '1,000', '12,000', '1,000', '67%', 'yes'],
      ['$0.37', '$0.07', '6', '6,000', '1,200', '15,000', '1,000', '68%', 'yes'],
    ]),
    foot: ['All days', '$2.70', '$0.09', '40', '40,000', '8,000', '90,000', '10,000', '64%', ''],
  });
  await expect(dashboard.figure('spend')).toContainText('today’s daily budget, $0.30');

  expect(await dashboard.table('marks')).toEqual({
    head: ['Reason', 'Questions'],
    body: [
      ['Allergens', '3'],
      ['Complaint', '1'],
      ['Custom order', '1'],
      ['Delivery', '1'],
    ],
    foot: [],
  });

  // Asked, not answered: what nothing answered, by topic, newest first, each one a knowledge
  // entry away. Allergies and complaints always go to a person, so they are not gaps.
  const asked = dashboard.figure('asked');
  await expect(asked.getByTestId('asked-group').locator('h3')).toHaveText([
    'Custom order',
    'Delivery',
  ]);
  await expect(asked.getByTestId('asked-question').locator('a:first-child')).toHaveText([
    'Question 5 of 2026-11-18',
    'Question 4 of 2026-11-17',
  ]);
  await expect(
    asked
      .getByTestId('asked-question')
      .first()
      .getByRole('link', { name: 'Start a knowledge entry' }),
  ).toHaveAttribute('href', '/admin/knowledge?new=1&title=Question+5+of+2026-11-18');
  const ask = asked.getByTestId('unsold-ask');
  await expect(ask).toHaveCount(1);
  await expect(ask).toContainText(/croissants?: 2 asks/);
  await expect(ask.getByRole('link', { name: 'Start a knowledge entry' })).toHaveAttribute(
    'href',
    /^\/admin\/knowledge\?new=1&title=croissants?$/,
  );

  expect(await dashboard.table('people')).toEqual({
    head: ['Person', 'Replies', 'Sent unchanged', 'Rewritten', 'Median wait', '90th percentile'],
    body: [
      [staff.name, '18', '16', '0', '25 min', '2 h 05 min'],
      [owner.name, '12', '0', '4', '50 min', '1 h 40 min'],
    ],
    foot: [],
  });

  // Customers answer two hours after each reply by k: yes, no, yes, none, yes.
  await expect(dashboard.figure('satisfaction').getByTestId('said-yes')).toHaveText(
    '18 of 26 said yes (69%)',
  );
  expect(await dashboard.table('satisfaction')).toEqual({
    head: ['Day', 'Answers', 'Said yes', 'Said no', 'Share of yes'],
    body: twice([
      ['1', '1', '0', '100%'],
      ['2', '1', '1', '50%'],
      ['3', '2', '1', '67%'],
      ['3', '2', '1', '67%'],
      ['4', '3', '1', '75%'],
    ]),
    foot: ['All days', '26', '18', '8', '69%'],
  });
  // What they wrote, newest first, as text, dated the day they last changed it.
  const questionId = (text: string) =>
    withDeskDatabase(
      (db) => db.value<number>('select id from questions where text = ?', text),
      server.database,
    );
  expect(await dashboard.feedbackComments()).toEqual([
    {
      text: 'It did, once I read it twice.',
      answer: 'Yes, it helped',
      date: '2026-11-15',
      href: `/inbox/${await questionId('Question 5 of 2026-11-14')}`,
    },
    {
      text: 'You did not say whether the rye has <nuts> in it.',
      answer: 'No, it did not',
      date: '2026-11-13',
      href: `/inbox/${await questionId('Question 2 of 2026-11-13')}`,
    },
    {
      text: 'Lovely, thank you!',
      answer: 'Yes, it helped',
      date: '2026-11-10',
      href: `/inbox/${await questionId('Question 1 of 2026-11-10')}`,
    },
  ]);

  // Axes count in whole numbers and wait in words.
  const ticks = async (id: string, pattern: RegExp) =>
    (await chartTexts(dashboard.figure(id))).filter((text) => pattern.test(text));
  expect(await ticks('volume', /^[\d.,]+$/)).toEqual(['0', '2', '4', '6']);
  expect(await ticks('reply-times', /^[\d.]+( h| min|$)/)).toEqual([
    '0 min',
    '30 min',
    '1 h',
    '1 h 30 min',
    '2 h',
    '2 h 30 min',
  ]);

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
  // On a phone each chart fits the screen, or scrolls in a named region a keyboard can reach.
  for (const id of ['volume', 'reply-times', 'edits', 'topics', 'spend', 'people']) {
    expect(await chartCutOff(dashboard.figure(id)), id).toBe(false);
  }

  await testInfo.attach('dashboard', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  // The rows under it all, as CSV: one per question, figures only.
  const href = await page.getByTestId('csv-download').getAttribute('href');
  expect(href).toBe(`/admin/insights/export?${range}`);
  const csv = await page.request.get(`${server.url}${href}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trimEnd().split('\r\n');
  expect(lines).toHaveLength(41);
  expect(lines[0]).toContain('question,received_at,channel,status,first_reply_at');
  expect(lines.filter((line) => line.includes(',sent,'))).toHaveLength(30);
  expect(lines[0]).toMatch(/,feedback_yes,feedback_no$/);
  const answers = lines.slice(1).map((line) => line.split(',').slice(-2).map(Number));
  const sum = (column: 0 | 1) => answers.reduce((total, cells) => total + (cells[column] ?? 0), 0);
  expect([sum(0), sum(1)]).toEqual([18, 8]);
  expect(lines.join('\n')).not.toContain('Customer 0-0');
  expect(lines.join('\n')).not.toContain('thank you');
});

test('a range with nothing in it says so instead of drawing empty charts', async ({ page }) => {
  await signIn(page, owner);
  const dashboard = new InsightsPage(page, server.url);
  await dashboard.goto('range=custom&from=2026-10-01&to=2026-10-07');
  for (const id of [
    'volume',
    'reply-times',
    'edits',
    'topics',
    'discards',
    'spend',
    'marks',
    'asked',
    'people',
    'satisfaction',
  ]) {
    await expect(dashboard.empty(id), id).toBeVisible();
    await expect(dashboard.figure(id).locator('svg')).toHaveCount(0);
  }
  await expect(dashboard.empty('volume')).toHaveText('No questions arrived in this range.');
  await expect(dashboard.figure('feedback-comments')).toHaveCount(0);

  await dashboard.goto('range=custom&from=2026-11-19&to=2026-11-10');
  await expect(page.getByTestId('range-error')).toContainText(
    'The first day must not be after the last.',
  );
});

test('staff see their own figures on /inbox/stats, and not the dashboard', async ({ page }) => {
  await signIn(page, staff);
  const stats = new InsightsPage(page, server.url, '/inbox/stats');
  await stats.goto(range);
  await expect(page.getByTestId('stats-scope')).toContainText('The questions you answered first');
  // A person's own figures are their tables: the chart library loads only on the dashboard.
  await expect(stats.figure('reply-times').getByTestId('figure-table')).toBeVisible();
  await expect(page.getByTestId('chart')).toHaveCount(0);

  // Sam answers the questions with even k: waits of 25, 75 and 125 minutes, no rewrites.
  expect(await stats.table('reply-times')).toEqual({
    head: ['Day', 'Answered', 'Median', '90th percentile', 'Arrived while open', 'Within the hour'],
    body: [
      [dates[0], '1', '25 min', '25 min', '2', '50%'],
      [dates[1], '1', '25 min', '25 min', '3', '33%'],
      [dates[2], '2', '25 min', '1 h 15 min', '4', '25%'],
      [dates[3], '2', '25 min', '1 h 15 min', '5', '20%'],
      [dates[4], '3', '1 h 15 min', '2 h 05 min', '5', '20%'],
      [dates[5], '1', '25 min', '25 min', '0', '—'],
      [dates[6], '1', '25 min', '25 min', '0', '—'],
      [dates[7], '2', '25 min', '1 h 15 min', '4', '25%'],
      [dates[8], '2', '25 min', '1 h 15 min', '5', '20%'],
      [dates[9], '3', '1 h 15 min', '2 h 05 min', '6', '17%'],
    ],
    foot: ['All days', '18', '25 min', '2 h 05 min', '34', '24%'],
  });
  expect(await stats.table('edits')).toEqual({
    head: ['Day', 'Sent unchanged', 'Lightly edited', 'Rewritten', 'Replies'],
    body: twice([
      ['1', '0', '0', '1'],
      ['1', '0', '0', '1'],
      ['2', '0', '0', '2'],
      ['2', '0', '0', '2'],
      ['2', '1', '0', '3'],
    ]),
    foot: ['All days', '16', '2', '0', '18'],
  });

  const refused = await page.request.get(`${server.url}/admin/insights/export?${range}`);
  expect(refused.status()).toBe(403);
  const dashboard = await page.goto(`${server.url}/admin/insights`);
  expect(dashboard?.status()).toBe(403);

  // An owner on the same page sees everyone's replies.
  await page.context().clearCookies();
  await signIn(page, owner);
  await stats.goto(range);
  await expect(page.getByTestId('stats-scope')).toContainText('Every reply the desk sent');
  expect((await stats.table('edits')).foot).toEqual(['All days', '16', '10', '4', '30']);
});
