import { InboxPage, QuestionPage } from './pages/inbox-page';
import { claudeAnswer, claudeDraftScript, playOnFakeClaude } from './support/claude-script';
import { claudeDesk, withDeskDatabase } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { ensureUser, staff } from './support/users';

/**
 * The second app server (playwright.config.ts): DRAFT_MODEL=claude against a fake Messages API
 * that looks up the menu, then streams its answer slowly; its worker is off, so the one draft
 * here is the one a person starts with Draft now. It has no INTAKE_API_KEY.
 */
const claudeBaseURL = process.env.E2E_CLAUDE_BASE_URL;
const claudeDatabase = claudeDesk();
test.use({ baseURL: claudeBaseURL });

test('a Claude draft streams into the open question, then its trace shows', async ({
  page,
}, testInfo) => {
  await playOnFakeClaude(claudeDraftScript);
  await signIn(page, await ensureUser(staff, claudeDatabase));
  const inbox = new InboxPage(page);
  await inbox.open('?group=inProgress&q=Maya');
  await inbox.row('Maya Ortiz').click();
  const question = new QuestionPage(page);
  await expect(question.questionText).toContainText('six croissants');
  await expect(page.getByTestId('trace-empty')).toBeVisible();
  await question.waitUntilLive();

  await page.getByRole('button', { name: 'Draft now' }).click();
  const stream = page.getByTestId('draft-stream');
  // Part of the answer is on screen while the rest is still being written.
  await expect(stream).toContainText('Hi Maya');
  const partial = (await stream.textContent()) ?? '';
  expect(partial.length).toBeLessThan(claudeAnswer.length);
  await expect(page.getByTestId('draft-progress')).toContainText('menu_item');
  const path = testInfo.outputPath('question-while-drafting.png');
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach('question while a Claude draft streams', {
    path,
    contentType: 'image/png',
  });

  await expect(question.editor).toHaveValue(claudeAnswer, { timeout: 30_000 });
  await expect(page.getByTestId('draft-progress')).toHaveCount(0);
  await expect(question.toolCalls('menu_item').getByTestId('tool-input')).toContainText(
    '"name": "sourdough rolls"',
  );
  await expect(question.trace.getByTestId('run-model')).not.toHaveText(/offline/);
  await expect(question.trace.getByTestId('run-stop')).toHaveText('answered');
  await expect(question.trace.getByTestId('run-tokens')).toContainText('3,830');
  await expect(question.trace.getByTestId('run-cache')).toHaveText(/1,100 read, 1,100 written/);
  await expect(question.trace.getByTestId('run-cost')).not.toHaveText('$0.0000');
});

test('without INTAKE_API_KEY the intake API answers 503 and stores nothing', async ({
  request,
}) => {
  const questions = () =>
    withDeskDatabase((db) => db.value('select count(*) from questions'), claudeDatabase);
  const before = await questions();
  const response = await request.post('/api/questions', {
    headers: { authorization: 'Bearer anything' },
    data: { text: 'Are you open?', customer: { name: 'Sam' } },
  });
  expect(response.status()).toBe(503);
  expect(await response.json()).toMatchObject({ error: expect.stringContaining('INTAKE_API_KEY') });
  expect(await questions()).toBe(before);
});
