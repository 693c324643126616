import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { type FakeOpenAI, fakeChat, startFakeOpenAI } from '../tests/support/fake-openai';
import { AskPage } from './pages/ask-page';
import { ModelSettingsPage } from './pages/model-settings-page';
import { expectNoAxeViolations } from './support/axe';
import { ticketHash, withDeskDatabase } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { ensureUser, owner } from './support/users';

/**
 * The model settings' side roads, on a desk whose environment names no model (the test suite's
 * fake OpenAI-compatible server): the desk's key file removed, so Settings says the saved key
 * can't be read, drafts go offline, and the key entered again connects it once more; and axe
 * over the form, its mistakes and its verdict. Connecting the model, "Test", and the next draft
 * by it without a restart are the owner's journey in e2e/owner-from-browser.spec.ts.
 */
const API_KEY = 'sk-test-settings-Croissant-Oven-9Q4z';
const answer = 'Yes, we open at 7 tomorrow, and the rye loaves are out by 8.';

let api: FakeOpenAI;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  api = await startFakeOpenAI({ whenEmpty: fakeChat.text(answer) });
  server = await startOwnServer({
    name: 'model-settings',
    // No model in the environment (the suite's desks say DRAFT_MODEL=offline): Settings decides.
    env: { DRAFT_MODEL: '', DRAFT_WORKER: 'on', OPENAI_MAX_RETRIES: '0' },
  });
  await ensureUser(owner, server.database);
});

test.afterAll(async () => {
  await server?.stop();
  await api?.close();
});

async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, owner);
  return page;
}

/** Asks at /ask as a customer (a browser of their own) and returns the run that drafted it. */
async function askAndWaitForDraft(browser: Browser, text: string) {
  const context = await browser.newContext({ baseURL: server.url });
  const ask = new AskPage(await context.newPage());
  await ask.open();
  const ticket = await ask.askAndOpenTicket({ name: 'Maya', text });
  await context.close();
  const read = () =>
    withDeskDatabase(
      (db) =>
        db.row<{ model: string; draftText: string }>(
          `select r.model, q.draft_text as "draftText" from questions q
           join agent_runs r on r.id = q.draft_run_id
           where q.ticket_token = ? and q.status = 'drafted'`,
          ticketHash(ticket),
        ),
      server.database,
    );
  await expect.poll(read, { timeout: 30_000 }).toBeDefined();
  return read();
}

test('with the key file gone the desk says the saved key cannot be read, drafts offline, and takes the key again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await ownerPage(browser);
  const settings = new ModelSettingsPage(page);
  // The model connected, as the owner's journey does; then the key file beside the database goes.
  await settings.goto();
  await settings.fillOpenAI({ key: API_KEY, model: 'gpt-4.1', baseUrl: api.baseURL });
  await settings.save();
  await expect(settings.saved).toHaveText('Saved. The next draft uses it.');
  rmSync(join(dirname(server.databasePath), 'desk-secret.key'));

  await settings.goto();
  await expect(settings.unreadableKey).toHaveText(
    /^The saved key can’t be read any more — enter it again\./,
  );
  await expect(settings.drafter).toHaveText('Drafts are written by the offline drafter.');
  await expect(settings.keyState).toContainText('can’t be read any more');
  expect((await askAndWaitForDraft(browser, 'Do you sell spelt bread?'))?.model).toBe(
    'offline drafter',
  );

  // Asked for again: the field is open, and the key entered connects the model once more.
  await expect(settings.keyField).toHaveAccessibleName('New API key');
  await settings.keyField.fill(API_KEY);
  await settings.save();
  await expect(settings.saved).toHaveText('Saved. The next draft uses it.');
  await expect(settings.unreadableKey).toHaveCount(0);
  await expect(settings.drafter).toContainText('an OpenAI-compatible model (gpt-4.1');
  expect((await askAndWaitForDraft(browser, 'Is the rye loaf vegan?'))?.model).toBe('gpt-4.1');
  await page.context().close();
});

test('the Settings page with the model form passes axe at desktop and phone sizes', async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  const settings = new ModelSettingsPage(page);
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await settings.goto();
    await settings.form.getByRole('button', { name: 'Replace' }).click();
    await expectNoAxeViolations(page);
  }
  // A mistake beside its field, and the verdict beside the button, pass too.
  await settings.form.getByLabel('Server address (base URL)').fill('not an address');
  await settings.save({ reachesServer: false });
  await expect(settings.form.getByText('Enter a web address starting with http://')).toBeVisible();
  await expectNoAxeViolations(page);
  await settings.form.getByLabel('Server address (base URL)').fill(api.baseURL);
  await settings.form.getByRole('button', { name: 'Keep the saved key' }).click();
  await expect(await settings.test()).toHaveAttribute('data-ok', 'true');
  await expectNoAxeViolations(page);
  await page.context().close();
});
