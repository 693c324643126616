import { AskPage } from './pages/ask-page';
import { expectNoAxeViolations } from './support/axe';
import { countRows, deskRow, ticketHash } from './support/database';
import { expect, test } from './support/fixtures';

test('a customer asks and lands on their own ticket, which promises a person @postgres', async ({
  page,
}) => {
  const ask = new AskPage(page);
  await ask.open();
  // This desk sends no email, so no address is asked for: the answer will be on the page.
  await expect(page.getByLabel(/^Email/)).toHaveCount(0);
  await expect(page.getByTestId('ask-answer-on-page')).toHaveText(
    'The answer will be on the page you see next. Keep its link to come back for it.',
  );
  const ticket = await ask.askAndOpenTicket({
    name: 'Lena',
    text: 'Do you have rye loaf on Friday?',
  });
  expect(ticket).toMatch(/^\/t\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByTestId('ticket-question')).toHaveText('Do you have rye loaf on Friday?');
  await expect(page.getByTestId('ticket-pending')).toContainText('A person at the bakery will');
  // The confirmation gives the link to keep, and what to expect as of now (lib/expectations
  // decides the words at each instant; hidden while open with too few replies to go by).
  await expect(page.getByTestId('ticket-keep-link').getByRole('link')).toHaveText(
    new URL(ticket, page.url()).toString(),
  );
  const expectation = page.getByTestId('ticket-expectation');
  if (await expectation.count()) {
    await expect(expectation).toHaveText(
      /^We(’re closed now(; we open again .+ at .+)?|(?: usually answer within .+))\.$/,
    );
  }
  await expect(page.getByTestId('ticket-reply')).toHaveCount(0);

  // Nobody asks for it: the server's own worker drafts the question with the offline drafter.
  const draft = () =>
    deskRow<{ calls: number }>(
      `select q.status, r.model, r.stop_kind as stop, count(c.id) as calls
       from questions q join agent_runs r on r.id = q.draft_run_id
       left join tool_calls c on c.run_id = r.id where q.ticket_token = ?
       group by q.status, r.model, r.stop_kind`,
      ticketHash(ticket),
    );
  await expect.poll(draft).toEqual({
    status: 'drafted',
    model: 'offline drafter',
    stop: 'answered',
    calls: expect.any(Number),
  });
  expect((await draft())?.calls).toBeGreaterThan(0);
  // Still no reply for the customer: a draft is not an answer until a person sends it.
  await page.reload();
  await expect(page.getByTestId('ticket-pending')).toBeVisible();
  await expect(page.getByTestId('ticket-reply')).toHaveCount(0);
});

test('bad input shows errors beside the fields, keeps what was typed and writes nothing', async ({
  page,
}) => {
  const ask = new AskPage(page);
  await ask.open();
  const before = await countRows('questions');
  await ask.ask({ name: '', text: 'x'.repeat(10) });
  await expect(page.locator('#name-error')).toHaveText('Tell us your name.');
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-describedby', 'name-error');
  await expect(page.getByLabel('Your question')).toHaveValue('x'.repeat(10));
  expect(await countRows('questions')).toBe(before);
});

test('a ticket link that opens nothing is a 404 in the bakery’s words, pointing to /ask', async ({
  page,
}) => {
  // Well-formed but unknown, and malformed: the same page, over plain HTTP (a replaced link's
  // own page is in e2e/inbox.spec.ts).
  for (const path of ['/t/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/t/not-a-ticket']) {
    const response = await page.request.get(path);
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('Juniper Street Bakery');
    expect(html).toContain('We can’t find this page');
    expect(html).not.toContain('This link has been replaced');
  }
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/t/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByRole('heading', { name: 'We can’t find this page' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Ask us again' }).click();
    await expect(page.getByRole('heading', { name: 'Ask a question' })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('one address is limited to ten questions a minute, with a clear message @postgres', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.77' });
  const ask = new AskPage(page);
  for (let i = 1; i <= 10; i++) {
    await ask.open();
    await ask.askAndOpenTicket({ name: 'Busy', text: `Question number ${i}` });
  }
  const before = await countRows('questions');
  await ask.open();
  await ask.ask({ name: 'Busy', text: 'One too many' });
  await expect(ask.status()).toContainText('Please wait');
  await expect(page.getByLabel('Your question')).toHaveValue('One too many');
  expect(await countRows('questions')).toBe(before);
});
