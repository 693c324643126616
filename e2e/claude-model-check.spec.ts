import { SettingsAdminPage } from './pages/admin-pages';
import { playOnFakeClaude } from './support/claude-script';
import { claudeDesk, withDeskDatabase } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { ensureUser, owner, staff } from './support/users';

/**
 * "Test the model" on the Claude server (playwright.config.ts), whose Messages API is the fake:
 * each outcome the fake can produce shows as a verdict in words, and each press is audited.
 */
const claudeDatabase = claudeDesk();
test.use({ baseURL: process.env.E2E_CLAUDE_BASE_URL });

/** Each model check's audit row (`after` is its JSON, as text on both engines). */
function modelCheckAudits(): Promise<{ entityId: string; after: string }[]> {
  return withDeskDatabase(
    (db) =>
      db.rows<{ entityId: string; after: string }>(
        `select entity_id as "entityId", after from audit_log where action = 'model.check' order by id`,
      ),
    claudeDatabase,
  );
}

test('an owner tests the model and reads each outcome in words', async ({ page }) => {
  await signIn(page, await ensureUser(owner, claudeDatabase));
  const settings = new SettingsAdminPage(page);
  await settings.goto();
  await expect(settings.drafter).toHaveText('Drafts are written by Claude (claude-opus-5-5).');
  const before = (await modelCheckAudits()).length;

  await playOnFakeClaude([
    {
      kind: 'message',
      content: [{ type: 'text', text: 'Yes, we are open today.' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 1300, output_tokens: 9, cache_creation_input_tokens: 1200 },
    },
  ]);
  let verdict = await settings.testModel();
  await expect(verdict).toHaveText(
    /^Works: claude-opus-5-5 answered in \d+ ms with the desk's tools \(1300 input and 9 output tokens; cache read 0, cache write 1200\)\./,
  );
  await expect(verdict).toHaveAttribute('data-ok', 'true');

  const failures: [Parameters<typeof playOnFakeClaude>[0], RegExp][] = [
    [
      [{ kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' }],
      /^Key rejected: The API key was rejected \(401 authentication_error: invalid x-api-key\)/,
    ],
    [
      [{ kind: 'error', status: 404, type: 'not_found_error', message: 'model: claude-opus-5-5' }],
      /^Model not found: Model claude-opus-5-5 does not exist/,
    ],
    [
      [
        {
          kind: 'error',
          status: 400,
          type: 'invalid_request_error',
          message: "For 'integer' type, property 'maximum' is not supported",
        },
      ],
      /^Schema or request refused: .*property 'maximum' is not supported/,
    ],
    [
      [{ kind: 'error', status: 429, type: 'rate_limit_error', message: 'slow down' }],
      /^Rate limited: /,
    ],
    [
      [{ kind: 'hangUp' }],
      /^Network unreachable: The Claude API at http:\/\/127\.0\.0\.1:\d+ could not be reached/,
    ],
  ];
  for (const [script, says] of failures) {
    await playOnFakeClaude(script);
    verdict = await settings.testModel();
    await expect(verdict).toHaveText(says);
    await expect(verdict).toHaveAttribute('data-ok', 'false');
  }

  const audits = (await modelCheckAudits()).slice(before);
  expect(audits.map((a) => JSON.parse(a.after).result)).toEqual([
    'works',
    'failed',
    'failed',
    'failed',
    'failed',
    'failed',
  ]);
  expect(audits[0]?.entityId).toBe('claude-opus-5-5');
});

test('staff cannot test the model: the settings page is not theirs', async ({ page }) => {
  await signIn(page, await ensureUser(staff, claudeDatabase));
  const response = await page.goto('/admin/settings');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('button', { name: 'Test the model' })).toHaveCount(0);
});
