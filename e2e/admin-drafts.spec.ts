import { ExceptionsAdminPage, MenuAdminPage, SettingsAdminPage } from './pages/admin-pages';
import { AskPage } from './pages/ask-page';
import { QuestionPage } from './pages/inbox-page';
import {
  auditCount,
  bakeryFactsVersion,
  questionIdForTicket,
  sampleDraft,
  sampleQuestionId,
  waitForDraft,
  waitForSampleDrafts,
} from './support/drafts';
import { expect, test } from './support/fixtures';

/**
 * Drafts follow the owner's changes at once, with no restart: the server's own worker drafts
 * with the offline drafter, and the facts it keeps between drafts are read again as soon as an
 * owner's change moves their version.
 */
/**
 * The first Saturday after today in the bakery's timezone: 2026-12-05 when these journeys were
 * written, and still a future Saturday whenever they run.
 */
function nextSaturday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(),
  );
  const day = new Date(`${today}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 6);
  return day.toISOString().slice(0, 10);
}

const seedQuestion = 'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?';

test('croissants added at $3.25: a redraft of the seed question quotes them, the older draft is stale', async ({
  page,
  owner,
  signIn,
}) => {
  await waitForSampleDrafts();
  const older = await sampleDraft('sample-1');
  expect(older?.draftText).not.toContain('$19.50');

  await signIn(page, owner);
  const menu = new MenuAdminPage(page);
  await menu.goto();
  await menu.addItem({
    name: 'croissants',
    price: '3.25',
    noticeDays: '1',
    description: 'Butter, laminated.',
  });
  await expect(menu.list).toContainText('$3.25');
  const versionAfterAdd = await bakeryFactsVersion();

  // The seed question's draft was written before croissants existed: the inbox says so.
  const question = new QuestionPage(page);
  await question.open(await sampleQuestionId('sample-1'));
  await expect(question.staleNotice).toBeVisible();
  await expect(question.trace).toHaveAttribute('data-stale', 'true');
  await question.staleNotice.getByRole('button', { name: 'Redraft' }).click();
  await expect(question.editor).toHaveValue(/six croissants at \$3\.25 each \(\$19\.50\)/);
  await expect(question.trace).toHaveAttribute('data-stale', 'false');
  await expect(question.staleNotice).toHaveCount(0);
  await page.getByText('Earlier runs (1)').click();
  await expect(page.getByTestId('earlier-run').getByTestId('run-stale')).toBeVisible();
  expect((await sampleDraft('sample-1'))?.factsVersion).toBe(versionAfterAdd);

  // The same question again, as a customer would ask it.
  const ask = new AskPage(page);
  await ask.open();
  const ticket = await ask.askAndOpenTicket({ name: 'Maya Ortiz', text: seedQuestion });
  const draft = await waitForDraft(ticket);
  expect(draft.draftText).toContain('$19.50');
  expect(draft.draftText).toMatch(/croissants/i);
  expect(draft.factsVersion).toBe(versionAfterAdd);
  // The stale condition the inbox shows: a run read older facts than the bakery has now.
  expect(older?.factsVersion).toBeLessThan(await bakeryFactsVersion());

  // Leave the menu as the seed has it, for the specs after this one.
  await menu.goto();
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Remove croissants' }).click();
  await expect(menu.list).not.toContainText('croissants');
});

test('a Saturday closed for a holiday is closed in the next draft for a pickup that day', async ({
  page,
  owner,
  signIn,
}) => {
  await signIn(page, owner);
  const saturday = nextSaturday();
  const question = { name: 'Tom Becker', text: `Can I pick up a rye loaf on ${saturday} at 10?` };
  const ask = new AskPage(page);

  await ask.open();
  const before = await waitForDraft(await ask.askAndOpenTicket(question));
  // Drafts word the date for people: "Saturday, December 5".
  const worded = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${saturday}T12:00:00Z`));
  expect(before.draftText).not.toContain(`closed on ${worded}`);

  const exceptions = new ExceptionsAdminPage(page);
  await exceptions.goto();
  await exceptions.closeDate(saturday, 'Holiday');

  await ask.open();
  const after = await waitForDraft(await ask.askAndOpenTicket(question));
  expect(after.draftText).toContain(`We're closed on ${worded}`);
  expect(after.draftText).toContain('(Holiday)');
  expect(before.factsVersion).toBeLessThan(await bakeryFactsVersion());

  await exceptions.goto();
  await exceptions.remove(saturday);
});

test('rye loaf saved again unchanged: "Nothing changed." takes the focus beside Save, and the audit log, the facts and a draft that quotes it stay as they were', async ({
  page,
  owner,
  signIn,
}) => {
  await signIn(page, owner);
  const ask = new AskPage(page);
  await ask.open();
  const ticket = await ask.askAndOpenTicket({
    name: 'Ines Duarte',
    text: 'How much is a rye loaf?',
  });
  expect((await waitForDraft(ticket)).draftText).toContain('$9.00');
  const question = new QuestionPage(page);
  await question.open(await questionIdForTicket(ticket));
  await expect(question.editor).toHaveValue(/\$9\.00/);
  await expect(question.staleNotice).toHaveCount(0);
  const version = await bakeryFactsVersion();
  const audits = await auditCount();

  // Rye loaf's "may contain" is kept in another order than the form lists it.
  const menu = new MenuAdminPage(page);
  await menu.goto();
  const status = await menu.saveEditForm(await menu.openEditForm('rye loaf'));
  await expect(status).toHaveText('Nothing changed.');
  await expect(status).toBeFocused();
  expect(await bakeryFactsVersion()).toBe(version);
  expect(await auditCount()).toBe(audits);

  await question.open(await questionIdForTicket(ticket));
  await expect(question.editor).toHaveValue(/\$9\.00/);
  await expect(question.staleNotice).toHaveCount(0);
});

test('a de-DE bakery types "9,50" for a pretzel, sees "9,50" back, and the next draft quotes 9,50 €', async ({
  page,
  owner,
  signIn,
}) => {
  await signIn(page, owner);
  const settings = new SettingsAdminPage(page);
  const menu = new MenuAdminPage(page);
  await settings.chooseLocale('de-DE', 'EUR');
  try {
    await menu.goto();
    await menu.addItem({ name: 'pretzel', price: '9,50', noticeDays: '0' });
    await expect(menu.list).toContainText(/9,50\s€/);
    const form = await menu.openEditForm('pretzel');
    await expect(form.getByLabel(/^Price \(/)).toHaveValue('9,50');
    // The other convention's cents are refused beside the field, not guessed.
    await form.getByLabel(/^Price \(/).fill('9.50');
    await form.getByRole('button', { name: 'Save item' }).click();
    await expect(form.getByLabel(/^Price \(/)).toBeFocused();
    await expect(form.getByText('Write the cents after “,”, such as 9,50.')).toBeVisible();

    const ask = new AskPage(page);
    await ask.open();
    const ticket = await ask.askAndOpenTicket({
      name: 'Jonas Weber',
      text: 'How much is a pretzel?',
    });
    expect((await waitForDraft(ticket)).draftText).toMatch(/9,50\s€/);
  } finally {
    // The specs after this one expect the seed's menu and en-US prices.
    await menu.goto();
    if ((await menu.list.getByText('pretzel', { exact: true }).count()) > 0) {
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('button', { name: 'Remove pretzel' }).click();
      await expect(menu.list).not.toContainText('pretzel');
    }
    await settings.chooseLocale('en-US', 'USD');
  }
});
