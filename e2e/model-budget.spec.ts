import { CustomerDataAdminPage, modelSpend, SettingsAdminPage } from './pages/admin-pages';
import { InboxPage, QuestionPage } from './pages/inbox-page';
import { claudeDesk } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { ensureUser, owner } from './support/users';

/**
 * The daily model budget, on the server that drafts with "Claude" (a fake Messages API; its
 * worker is off, so drafts start only when a person asks). The budget is put back at the end.
 */
const claudeDatabase = claudeDesk();

test.describe('the daily model budget', () => {
  test.use({ baseURL: process.env.E2E_CLAUDE_BASE_URL });

  test('past it, the inbox says why questions wait and a redraft is refused; the owner sees it and raises it', async ({
    page,
  }) => {
    await signIn(page, await ensureUser(owner, claudeDatabase));
    const settings = new SettingsAdminPage(page);
    await settings.goto();
    await expect(modelSpend(page)).toContainText('Model spend today: $');
    await expect(modelSpend(page)).toContainText('of $10.00.');

    await settings.dailyBudget.fill('lots');
    await settings.save({ reachesServer: false });
    await expect(page.getByText('Enter dollars a day from 0 to 10,000')).toBeVisible();

    await settings.dailyBudget.fill('0');
    await settings.save();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await page.reload();
    await expect(modelSpend(page)).toContainText(
      'Daily model budget of $0.00 reached; drafting resumes tomorrow',
    );
    await expect(settings.dailyBudget).toHaveValue('0.00');

    const inbox = new InboxPage(page);
    await inbox.open('?group=inProgress&q=Priya');
    await expect(page.getByTestId('budget-reached')).toContainText(
      'Daily model budget of $0.00 reached',
    );
    await inbox.row('Priya Nair').click();
    const question = new QuestionPage(page);
    await expect(question.questionText).toBeVisible();
    await question.waitUntilLive();
    await expect(page.getByTestId('budget-reached')).toBeVisible();
    await page.getByRole('button', { name: 'Draft now' }).click();
    await expect(question.error).toContainText('Daily model budget of $0.00 reached');

    // Blank goes back to DRAFT_DAILY_DOLLARS, and the questions may be drafted again.
    await settings.goto();
    await settings.dailyBudget.fill('');
    await settings.save();
    await page.reload();
    await expect(modelSpend(page)).toContainText('of $10.00.');
    await expect(modelSpend(page)).not.toContainText('reached');
    await inbox.open('?group=inProgress');
    await expect(page.getByTestId('budget-reached')).toHaveCount(0);
  });
});

test('an owner sets how long customers’ details are kept and sees what would be erased', async ({
  page,
  owner: signedInOwner,
}) => {
  await signIn(page, signedInOwner);
  const data = new CustomerDataAdminPage(page);
  await data.goto();
  await expect(data.preview).toHaveText('No retention period is set: nothing is ever erased.');

  await data.retentionDays.fill('0');
  await data.save({ reachesServer: false });
  await expect(page.getByText('Enter whole days from 1 to 3650')).toBeVisible();

  await data.retentionDays.fill('30');
  await data.save();
  await page.reload();
  await expect(data.retentionDays).toHaveValue('30');
  // Everything on this desk was closed today: nothing is old enough to go.
  await expect(data.preview).toContainText(
    'Nothing: no conversation closed more than 30 days ago still has customer details.',
  );
  await expect(page.getByRole('button', { name: /^Erase \d+ now$/ })).toHaveCount(0);

  await page.goto('/admin/audit');
  await expect(page.getByTestId('audit-entry').first()).toContainText(
    'changed how long customers’ details are kept from none to 30 days',
  );

  await data.goto();
  await data.retentionDays.fill('');
  await data.save();
  await page.reload();
  await expect(data.preview).toHaveText('No retention period is set: nothing is ever erased.');
});
