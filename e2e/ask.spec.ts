import { AskPage } from './pages/ask-page';
import { countRows, deskRow, ticketHash } from './support/database';
import { expect, test } from './support/fixtures';

test('a customer asks and lands on their own ticket, which promises a person @postgres', async ({
  page,
}) => {
  const ask = new AskPage(page);
  await ask.open();
  const ticket = await ask.askAndOpenTicket({
    name: 'Lena',
    email: 'lena@example.com',
    text: 'Do you have rye loaf on Friday?',
  });
  expect(ticket).toMatch(/^\/t\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByTestId('ticket-question')).toHaveText('Do you have rye loaf on Friday?');
  await expect(page.getByTestId('ticket-pending')).toContainText('A person at the bakery will');
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
  await ask.ask({ name: '', email: 'not an email', text: 'x'.repeat(10) });
  await expect(page.locator('#name-error')).toHaveText('Tell us your name.');
  await expect(page.locator('#email-error')).toContainText('does not look right');
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-describedby', 'name-error');
  await expect(page.getByLabel('Your question')).toHaveValue('x'.repeat(10));
  await expect(page.getByLabel(/^Email/)).toHaveValue('not an email');
  expect(await countRows('questions')).toBe(before);
});

test('an unknown ticket is not found', async ({ page }) => {
  const response = await page.goto('/t/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  expect(response?.status()).toBe(404);
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
