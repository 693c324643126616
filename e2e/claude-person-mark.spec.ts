import { AskPage } from './pages/ask-page';
import { InboxPage, QuestionPage } from './pages/inbox-page';
import { playOnFakeClaude } from './support/claude-script';
import { claudeDesk } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { ensureUser, staff } from './support/users';

/**
 * A question no tool answers, drafted by "Claude" on the second server (whose worker is off, so
 * the draft starts when a person asks): the run marks it for a person, and the inbox shows the
 * mark on the list, on the question and in the trace, and filters by it.
 */
const claudeDatabase = claudeDesk();
test.use({ baseURL: process.env.E2E_CLAUDE_BASE_URL });

test('a question marked for a person shows its reason and can be filtered', async ({ page }) => {
  const customer = `Priya Allergy ${Date.now()}`;
  await new AskPage(page).open();
  await new AskPage(page).askAndOpenTicket({
    name: customer,
    text: 'Does the rye loaf contain sesame? I am allergic.',
  });

  await playOnFakeClaude([
    {
      kind: 'message',
      content: [
        {
          type: 'tool_use',
          id: 'toolu_mark_1',
          name: 'mark_for_person',
          input: { reason: 'allergens', note: 'sesame in the rye loaf' },
        },
      ],
      stop_reason: 'tool_use',
    },
    {
      kind: 'message',
      content: [
        { type: 'text', text: 'Thanks for asking! A person at the bakery will check and reply.' },
      ],
      stop_reason: 'end_turn',
    },
  ]);
  await signIn(page, await ensureUser(staff, claudeDatabase));
  const inbox = new InboxPage(page);
  await inbox.open(`?group=inProgress&q=${encodeURIComponent(customer)}`);
  await inbox.row(customer).click();
  const question = new QuestionPage(page);
  await question.waitUntilLive();
  await page.getByRole('button', { name: 'Draft now' }).click();
  await expect(question.editor).toHaveValue(/A person at the bakery will check/, {
    timeout: 30_000,
  });
  await page.reload();
  await expect(page.getByTestId('person-note')).toHaveText(
    'Marked for a person (allergens): sesame in the rye loaf. Check this before sending: the draft does not answer it.',
  );
  await expect(page.getByTestId('question-state').getByTestId('person-mark')).toHaveText(
    'For a person: Allergens',
  );
  await expect(question.trace.getByTestId('run-person')).toHaveText(
    'Allergens: sesame in the rye loaf',
  );

  await inbox.open();
  await expect(inbox.row(customer).getByTestId('person-mark')).toHaveText(
    'For a person: Allergens',
  );
  await page.getByTestId('person-filter').click();
  await expect(page).toHaveURL(/person=1/);
  await expect(inbox.row(customer)).toHaveCount(1);
  await expect(inbox.rows().filter({ hasNot: page.getByTestId('person-mark') })).toHaveCount(0);

  // The sample questions wait undrafted on this server: there, the filter leaves nothing.
  await inbox.open('?group=inProgress');
  await expect(inbox.rows().first()).toBeVisible();
  await inbox.open('?group=inProgress&person=1');
  await expect(inbox.rows()).toHaveCount(0);
  await expect(page.getByText('No in progress questions are marked for a person.')).toBeVisible();
  await expect(inbox.tab('inProgress')).toContainText('0');
});
