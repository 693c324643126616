import type { Browser, Page, TestInfo } from '@playwright/test';
import { AskPage } from './pages/ask-page';
import { QuestionPage } from './pages/inbox-page';
import { SnippetsPage, TeamTools } from './pages/snippets-page';
import { TicketPage } from './pages/ticket-page';
import { expectNoAxeViolations } from './support/axe';
import { deskRows } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { askByApi, waitForStatus } from './support/questions';
import { ensureUser, type TestUser, testUser } from './support/users';

const QUESTION = 'Do you still have the cardamom buns on Sunday morning?';
const NOTE = 'Lena is a regular: keep two cardamom buns aside for her.';
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('no row');
  return row;
}

async function newBrowser(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  return context.newPage();
}

async function signedIn(browser: Browser, testInfo: TestInfo, user: TestUser): Promise<Page> {
  const page = await newBrowser(browser, testInfo);
  await signIn(page, user);
  return page;
}

test('a note written by one colleague shows for another and never on the ticket page; a snippet typed with / fills its variables', async ({
  page,
  browser,
  staff,
}, testInfo) => {
  const colleague = await ensureUser(testUser('nora-notes'));
  const bakeryName = first(await deskRows<{ name: string }>('select name from bakery')).name;

  // The customer asks on /ask, in a browser of their own.
  const customer = await newBrowser(browser, testInfo);
  const ask = new AskPage(customer);
  await ask.open();
  const ticketPath = await ask.askAndOpenTicket({ name: 'Lena Vogel', text: QUESTION });
  const { id } = first(
    await deskRows<{ id: number }>(
      "select id from questions where customer_name = 'Lena Vogel' order by id desc limit 1",
    ),
  );
  await waitForStatus(id, 'drafted');

  // A keeps a snippet of their own.
  await signIn(page, staff);
  const snippets = new SnippetsPage(page);
  await snippets.open();
  await snippets.add({
    title: 'Buns kept aside',
    text: 'Hi {customer_first_name}, {bakery_name} has kept your buns aside. Your ticket: {ticket_link}',
  });

  // B has the question open; A writes a note, and it shows for B without a reload.
  const other = await signedIn(browser, testInfo, colleague);
  const bQuestion = new QuestionPage(other);
  await bQuestion.open(id);
  const bTools = new TeamTools(other);
  await expect(bTools.notes()).toHaveCount(0);

  const question = new QuestionPage(page);
  await question.open(id);
  const tools = new TeamTools(page);
  await tools.addNote(NOTE);
  await expect(tools.notes()).toHaveCount(1);
  await expect(tools.notes().first()).toContainText(`Note from ${staff.name}`);
  await expect(tools.notes().first()).toContainText('staff only, never sent');
  await expect(bTools.notes()).toHaveCount(1, { timeout: 15_000 });
  await expect(bTools.notes().first().getByTestId('note-text')).toHaveText(NOTE);
  // A note is no message: the thread still holds the one question.
  await expect(other.getByTestId('thread-message')).toHaveCount(1);

  // Never on the ticket page.
  const ticket = new TicketPage(customer);
  await ticket.open(ticketPath);
  expect(await ticket.thread()).toEqual([['customer', QUESTION]]);
  await expect(customer.locator('body')).not.toContainText('regular');
  await expect(customer.locator('body')).not.toContainText('cardamom buns aside');

  // A types / and a few letters in the reply box: a filtered list, chosen with the keys.
  await question.editor.fill('');
  await question.editor.pressSequentially('/buns');
  await expect(tools.snippetOptions()).toHaveCount(1);
  await expect(tools.snippetOptions().first()).toContainText('Buns kept aside');
  await expect(tools.snippetOptions().first()).toHaveAttribute('aria-selected', 'true');
  const optionId = await tools.snippetOptions().first().getAttribute('id');
  await expect(question.editor).toHaveAttribute('aria-activedescendant', optionId ?? '');
  await expect(question.editor).toHaveAttribute('aria-autocomplete', 'list');
  // Escape closes the list and leaves the text as typed.
  await question.editor.press('Escape');
  await expect(tools.snippetOptions()).toHaveCount(0);
  await expect(question.editor).toHaveValue('/buns');
  await question.editor.press('Backspace');
  await question.editor.press('s');
  await expect(tools.snippetOptions()).toHaveCount(1);
  await question.editor.press('Enter');
  await expect(question.editor).toHaveValue(
    new RegExp(
      `^Hi Lena, ${bakeryName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} has kept your buns aside\\. Your ticket: http://[^ ]+/t/[A-Za-z0-9_-]+$`,
    ),
  );
  const filled = await question.editor.inputValue();
  expect(filled).not.toContain('{');

  // The filled link opens the customer's own ticket page, and their first link still works.
  const link = /http:\/\/\S+\/t\/[A-Za-z0-9_-]+/.exec(filled)?.[0] ?? '';
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: 'Your question' })).toBeVisible();
  expect(await ticket.thread()).toEqual([['customer', QUESTION]]);
  await ticket.open(ticketPath);

  // The picker button offers the same snippets through a search box.
  await page.getByRole('button', { name: 'Snippets…' }).click();
  const search = page.getByRole('combobox', { name: 'Find a snippet' });
  await expect(search).toBeFocused();
  await search.fill('kept');
  await expect(tools.snippetOptions()).toHaveCount(1);
  await search.press('Escape');
  await expect(page.getByRole('button', { name: 'Snippets…' })).toBeFocused();

  // The note never reached the customer's words: still no reply and no message but theirs.
  expect(await deskRows('select id from replies where question_id = ?', id)).toEqual([]);
  expect(
    (await deskRows<{ text: string }>('select text from messages where question_id = ?', id)).map(
      (row) => row.text,
    ),
  ).toEqual([QUESTION]);
});

test('the snippets page and a question page with a note pass axe at desktop and phone sizes', async ({
  page,
  staff,
}) => {
  await signIn(page, staff);
  const snippets = new SnippetsPage(page);
  await snippets.open();
  if ((await snippets.snippet('Axe check').count()) === 0) {
    await snippets.add({ title: 'Axe check', text: 'Hello {customer_first_name}' });
  }
  const { id } = await askByApi(page.request, { text: QUESTION, name: 'Axel Check' });
  const question = new QuestionPage(page);
  await question.open(id);
  await new TeamTools(page).addNote('Checked with the kitchen.');
  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    await snippets.open();
    await expectNoAxeViolations(page);
    await question.open(id);
    await expectNoAxeViolations(page);
  }
  // With the / menu open too.
  await question.editor.fill('/');
  await expect(new TeamTools(page).snippetOptions().first()).toBeVisible();
  await expectNoAxeViolations(page);
});
