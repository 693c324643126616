// @module-tag postgres: the model saved in Settings drafts the next question, the environment winning.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveConnection } from '@/db/connections';
import { createQuestion } from '@/db/questions';
import { claimNextQuestion } from '@/db/queue';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { resetEnvForTests } from '@/lib/env';
import { draftClaimedQuestion } from '@/server/drafting/draft-question';
import { modelSettingsNow } from '@/server/drafting/model-choice';
import { draftSettingsFromEnv } from '@/server/drafting/settings';
import { checkConfiguredModel, UNREADABLE_KEY_VERDICT } from '@/server/model-check';
import { type FakeOpenAI, fakeChat, startFakeOpenAI } from '../support/fake-openai';
import { sqlRows, sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const modelVariables = [
  'DRAFT_MODEL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'CLAUDE_MODEL',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'DESK_SECRET',
  'DATABASE_PATH',
] as const;
const original = Object.fromEntries(modelVariables.map((name) => [name, process.env[name]]));
const apiKey = 'sk-test-settings-key-7d1e';
const answer = 'Yes, we open at 7 tomorrow.';

describe('the model the owner saves in Settings', () => {
  let api: FakeOpenAI;
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let keyDir: string;
  let ownerId: number;

  beforeAll(async () => {
    api = await startFakeOpenAI({ whenEmpty: fakeChat.text(answer) });
  });
  afterAll(() => api.close());

  beforeEach(async () => {
    temp = await useTempDatabase();
    for (const name of modelVariables) {
      if (name !== 'DATABASE_PATH') delete process.env[name];
    }
    // The key file is kept beside DATABASE_PATH (on PostgreSQL too): a folder of this test's own.
    keyDir = mkdtempSync(join(tmpdir(), 'model-settings-test-'));
    process.env.DATABASE_PATH = join(keyDir, 'desk.db');
    resetEnvForTests();
    api.requests.length = 0;
    await sqlRun("update questions set status = 'discarded'");
    const made = await createUser({
      email: 'olive@model.test',
      name: 'Olive',
      role: 'owner',
      passwordHash: UNMATCHABLE_PASSWORD_HASH,
      now: new Date(),
    });
    if (!made.ok) throw new Error(made.reason);
    ownerId = made.user.id;
  });
  afterEach(async () => {
    await temp.cleanup();
    rmSync(keyDir, { recursive: true, force: true });
    for (const name of modelVariables) {
      if (original[name] === undefined) delete process.env[name];
      else process.env[name] = original[name];
    }
    resetEnvForTests();
  });

  /** The model a request to the fake named. */
  const requestedModel = (index: number) =>
    (api.requests.at(index)?.body as { model?: string } | undefined)?.model;

  function connectFake(model = 'gpt-4.1') {
    return saveConnection({
      name: 'model',
      settings: { provider: 'openai', model, baseUrl: api.baseURL, keyFor: 'openai' },
      secret: apiKey,
      userId: ownerId,
    });
  }

  /** Asks a question and drafts it with the settings a worker made when it started. */
  async function askAndDraft(settings: ReturnType<typeof draftSettingsFromEnv>) {
    await createQuestion({
      text: 'Are you open tomorrow morning?',
      customerName: 'Maya',
      customerEmail: null,
      channel: 'web',
    });
    const question = await claimNextQuestion({
      owner: 'w1',
      leaseMs: 30_000,
      budget: await settings.budget(),
      now: new Date(),
    });
    if (!question) throw new Error('nothing to claim');
    await draftClaimedQuestion({
      question,
      owner: 'w1',
      signal: new AbortController().signal,
      settings,
    });
    const [run] = await sqlRows<{ model: string; draftText: string | null }>(
      'select model, draft_text as "draftText" from agent_runs where question_id = ? order by id desc',
      question.id,
    );
    return run;
  }

  it('drafts the next question with it, without a restart', async () => {
    // One worker's settings, made before anything was saved, as at the server's start.
    const settings = draftSettingsFromEnv();
    expect((await askAndDraft(settings))?.model).toBe('offline drafter');
    expect(await settings.budget()).toBeUndefined();

    await connectFake();
    const run = await askAndDraft(settings);
    expect(run).toEqual({ model: 'gpt-4.1', draftText: answer });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(requestedModel(0)).toBe('gpt-4.1');
    // A paid model now: the day's budget holds its claims.
    expect(await settings.budget()).toEqual({ defaultDollars: 10 });
  });

  it('gives way to every model variable set in the environment', async () => {
    await connectFake('gpt-4.1');
    process.env.OPENAI_MODEL = 'gpt-4.1-mini';
    resetEnvForTests();
    const settings = draftSettingsFromEnv();
    expect((await askAndDraft(settings))?.model).toBe('gpt-4.1-mini');
    expect(requestedModel(-1)).toBe('gpt-4.1-mini');
    const view = await modelSettingsNow();
    expect(view.environment.openai).toEqual({ apiKey: false, model: true, baseUrl: false });
    expect(view.model.openai).toBe('gpt-4.1-mini');

    process.env.DRAFT_MODEL = 'offline';
    resetEnvForTests();
    const sent = api.requests.length;
    expect((await askAndDraft(settings))?.model).toBe('offline drafter');
    expect(api.requests).toHaveLength(sent);
    expect((await modelSettingsNow()).environment.provider).toBe(true);
  });

  it('says the saved key cannot be read when the key file is gone, and drafts offline meanwhile', async () => {
    await connectFake();
    const settings = draftSettingsFromEnv();
    expect((await askAndDraft(settings))?.model).toBe('gpt-4.1');

    rmSync(join(keyDir, 'desk-secret.key'));
    const view = await modelSettingsNow();
    expect(view.problem).toBe('unreadableKey');
    expect(view.key).toEqual({ state: 'unreadable', ending: '7d1e', forProvider: 'openai' });
    expect(view.drafter).toBe('the offline drafter');
    expect(JSON.stringify(view)).not.toContain(apiKey);
    const sent = api.requests.length;
    expect((await askAndDraft(settings))?.model).toBe('offline drafter');
    expect(api.requests).toHaveLength(sent);
    expect(await checkConfiguredModel({ now: new Date() })).toEqual({
      ok: false,
      verdict: UNREADABLE_KEY_VERDICT,
    });

    // Entered again, it is sealed under the new key file and drafts once more.
    await connectFake();
    expect((await modelSettingsNow()).problem).toBeNull();
    expect((await askAndDraft(settings))?.model).toBe('gpt-4.1');
  });
});
