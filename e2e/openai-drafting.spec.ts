import {
  type FakeOpenAI,
  fakeChat,
  seedQuestionCalls,
  startFakeOpenAI,
} from '../tests/support/fake-openai';
import { SettingsAdminPage } from './pages/admin-pages';
import { InboxPage, QuestionPage } from './pages/inbox-page';
import { withDeskDatabase } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { ensureUser, owner, staff } from './support/users';

/**
 * A desk drafting with DRAFT_MODEL=openai against a fake Chat Completions server (OpenAI's API,
 * or a compatible one on the bakery's machine): the settings page names the provider and model
 * and tests it, and a draft streams into the open question. The worker is off, so the one draft
 * is the one a person starts with Draft now, and the fake plays exactly what each test gives it.
 */
let api: FakeOpenAI;
let server: OwnServer;

// The desk started below; Playwright also asks for baseURL once before beforeAll has run.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
test.use({ baseURL: async ({}, use) => use(server?.url) });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  api = await startFakeOpenAI();
  server = await startOwnServer({
    name: 'openai',
    env: {
      DRAFT_MODEL: 'openai',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: api.baseURL,
      OPENAI_MODEL: 'gpt-4.1',
      OPENAI_MAX_RETRIES: '0',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await api?.close();
});

const answer =
  'Hi Maya! Two dozen sourdough rolls come to $36.00, and Saturday, December 5 at 9 am works ' +
  'once you order by Thursday. We do not make croissants, I am afraid; the cinnamon buns are ' +
  'a favourite instead. See you Saturday!';

test('the settings page names the OpenAI-compatible model and tests it, in words', async ({
  page,
}) => {
  await signIn(page, await ensureUser(owner, server.database));
  const settings = new SettingsAdminPage(page);
  await settings.goto();
  await expect(settings.drafter).toHaveText(
    `Drafts are written by an OpenAI-compatible model (gpt-4.1 at ${api.baseURL}).`,
  );

  api.push(
    fakeChat.text('Yes, we are open today.', {
      prompt_tokens: 1500,
      completion_tokens: 9,
      cached_tokens: 1280,
    }),
  );
  let verdict = await settings.testModel();
  await expect(verdict).toHaveText(
    /^Works: gpt-4\.1 answered in \d+ ms with the desk's tools \(220 input and 9 output tokens; cache read 1280, cache write 0\)\./,
  );
  await expect(verdict).toHaveAttribute('data-ok', 'true');
  expect(api.requests.at(-1)?.refusal).toBeUndefined();

  const failures: [Parameters<FakeOpenAI['push']>[0], RegExp][] = [
    [
      fakeChat.error(401, 'invalid_request_error', 'Incorrect API key provided', {
        code: 'invalid_api_key',
      }),
      /^Key rejected: The API key was rejected \(401 invalid_api_key: Incorrect API key provided\)\. Check OPENAI_API_KEY\./,
    ],
    [
      { kind: 'hangUp' },
      /^Network unreachable: The OpenAI-compatible API at http:\/\/127\.0\.0\.1:\d+\/v1 could not be reached/,
    ],
  ];
  for (const [response, says] of failures) {
    api.push(response);
    verdict = await settings.testModel();
    await expect(verdict).toHaveText(says);
    await expect(verdict).toHaveAttribute('data-ok', 'false');
  }

  const audits = await withDeskDatabase(
    (db) =>
      db.rows<{ entityId: string; after: string }>(
        `select entity_id as "entityId", after from audit_log where action = 'model.check' order by id`,
      ),
    server.database,
  );
  expect(audits.map((a) => [a.entityId, JSON.parse(a.after).result])).toEqual([
    ['gpt-4.1', 'works'],
    ['gpt-4.1', 'failed'],
    ['gpt-4.1', 'failed'],
  ]);
});

test('an OpenAI-compatible draft streams into the open question after two lookups in one turn', async ({
  page,
}, testInfo) => {
  api.push(fakeChat.calls(seedQuestionCalls, { prompt_tokens: 2100, completion_tokens: 70 }), {
    kind: 'completion',
    text: answer,
    finish_reason: 'stop',
    usage: { prompt_tokens: 2600, completion_tokens: 60, cached_tokens: 2048 },
    chunkSize: 6,
    chunkDelayMs: 120,
  });
  await signIn(page, await ensureUser(staff, server.database));
  const inbox = new InboxPage(page);
  await inbox.open('?group=inProgress&q=Maya');
  await inbox.row('Maya Ortiz').click();
  const question = new QuestionPage(page);
  await expect(question.questionText).toContainText('six croissants');
  await question.waitUntilLive();

  await page.getByRole('button', { name: 'Draft now' }).click();
  const stream = page.getByTestId('draft-stream');
  await expect(stream).toContainText('Hi Maya');
  const partial = (await stream.textContent()) ?? '';
  expect(partial.length).toBeLessThan(answer.length);
  await expect(page.getByTestId('draft-progress')).toContainText('quote_order');
  const path = testInfo.outputPath('openai-draft-streaming.png');
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach('question while an OpenAI-compatible draft streams', {
    path,
    contentType: 'image/png',
  });

  await expect(question.editor).toHaveValue(answer, { timeout: 30_000 });
  await expect(question.trace.getByTestId('run-model')).toHaveText('gpt-4.1');
  await expect(question.trace.getByTestId('run-stop')).toHaveText('answered');
  await expect(question.toolCalls('quote_order').getByTestId('tool-input')).toContainText(
    '"name": "sourdough rolls"',
  );
  await expect(question.toolCalls('menu_item')).toContainText('croissants');
  await expect(question.trace.getByRole('heading', { name: 'Turn 1' })).toBeVisible();
  await expect(question.trace.getByRole('heading', { name: 'Turn 2' })).toHaveCount(0);
  await expect(question.trace.getByTestId('run-cache')).toHaveText(/2,048 read, 0 written/);
  await expect(question.trace.getByTestId('run-cost')).not.toHaveText(/^\$0\.0000/);
  const second = api.requests.at(-1)?.body as {
    messages: { role: string; tool_call_id?: string }[];
  };
  expect(second.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual([
    'call_rolls',
    'call_croissants',
  ]);
  expect(api.requests.every((r) => r.refusal === undefined)).toBe(true);
});

test('a local model with strict schemas off drafts, and its trace says its cost was counted as free', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const local = await startFakeOpenAI({ dialect: 'basic', models: ['llama3.2'] });
  const desk = await startOwnServer({
    name: 'openai-local',
    env: {
      DRAFT_MODEL: 'openai',
      OPENAI_BASE_URL: local.baseURL,
      OPENAI_MODEL: 'llama3.2',
      OPENAI_STRICT: 'off',
      OPENAI_MAX_RETRIES: '0',
    },
  });
  try {
    local.push(
      fakeChat.calls([{ name: 'opening_hours', arguments: '{"day": "Saturday"}' }], {
        prompt_tokens: 1400,
        completion_tokens: 30,
      }),
      fakeChat.text('Hi Maya! On Saturday, December 5 we open at 8 am.', {
        prompt_tokens: 1600,
        completion_tokens: 20,
      }),
    );
    await ensureUser(staff, desk.database);
    const signedIn = await page.request.post(`${desk.url}/api/auth/sign-in`, {
      data: { email: staff.email, password: staff.password },
    });
    expect(signedIn.status()).toBe(200);
    await page.goto(`${desk.url}/inbox?group=inProgress&q=Maya`);
    const inbox = new InboxPage(page);
    await inbox.row('Maya Ortiz').click();
    const question = new QuestionPage(page);
    await question.waitUntilLive();
    await page.getByRole('button', { name: 'Draft now' }).click();
    await expect(question.editor).toHaveValue('Hi Maya! On Saturday, December 5 we open at 8 am.', {
      timeout: 30_000,
    });
    await expect(question.trace.getByTestId('run-model')).toHaveText('llama3.2');
    await expect(question.trace.getByTestId('run-cost')).toHaveText(
      '$0.0000 (no price known for llama3.2; counted as free)',
    );
    expect(local.requests.map((r) => r.refusal)).toEqual([undefined, undefined]);
  } finally {
    await desk.stop();
    await local.close();
  }
});
