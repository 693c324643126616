import { afterEach, describe, expect, it } from 'vitest';
import { type Env, env, resetEnvForTests } from '../env';
import { chooseModel, savedModelOf } from './model-choice';

const modelVariables = [
  'DRAFT_MODEL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'CLAUDE_MODEL',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
] as const;
const original = Object.fromEntries(modelVariables.map((name) => [name, process.env[name]]));

/** The environment as the desk reads it, with only these model variables set. */
function envWith(vars: Partial<Record<(typeof modelVariables)[number], string>>): Env {
  for (const name of modelVariables) delete process.env[name];
  Object.assign(process.env, vars);
  resetEnvForTests();
  return env();
}

afterEach(() => {
  for (const name of modelVariables) {
    if (original[name] === undefined) delete process.env[name];
    else process.env[name] = original[name];
  }
  resetEnvForTests();
});

const savedOpenAI = savedModelOf({
  provider: 'openai',
  model: 'llama3.2',
  baseUrl: 'http://127.0.0.1:11434/v1',
  keyFor: 'openai',
});
const key = { state: 'set', value: 'sk-saved-in-settings' } as const;

describe('which model drafts', () => {
  it('is the offline drafter when nothing is set anywhere', () => {
    const choice = chooseModel({ env: envWith({}), saved: {}, key: { state: 'none' } });
    expect(choice).toMatchObject({ provider: 'offline', wanted: 'offline', problem: null });
    expect(choice.config.DRAFT_MODEL).toBe('offline');
    expect(choice.fromEnvironment).toEqual({
      provider: false,
      apiKey: false,
      model: false,
      baseUrl: false,
    });
  });

  it('is what Settings saved when the environment names no model', () => {
    const choice = chooseModel({ env: envWith({}), saved: savedOpenAI, key });
    expect(choice.provider).toBe('openai');
    expect(choice.config).toMatchObject({
      DRAFT_MODEL: 'openai',
      OPENAI_API_KEY: 'sk-saved-in-settings',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL: 'llama3.2',
    });
    const claude = chooseModel({
      env: envWith({}),
      saved: savedModelOf({ provider: 'claude', keyFor: 'claude' }),
      key,
    });
    expect(claude.config).toMatchObject({
      DRAFT_MODEL: 'claude',
      ANTHROPIC_API_KEY: 'sk-saved-in-settings',
      CLAUDE_MODEL: 'claude-opus-5-5',
    });
  });

  it('takes each variable set in the environment over the saved setting', () => {
    const modelOnly = chooseModel({
      env: envWith({ OPENAI_MODEL: 'gpt-4.1-mini' }),
      saved: savedOpenAI,
      key,
    });
    expect(modelOnly.config.OPENAI_MODEL).toBe('gpt-4.1-mini');
    expect(modelOnly.config.OPENAI_BASE_URL).toBe('http://127.0.0.1:11434/v1');
    expect(modelOnly.fromEnvironment).toEqual({
      provider: false,
      apiKey: false,
      model: true,
      baseUrl: false,
    });

    const all = chooseModel({
      env: envWith({
        DRAFT_MODEL: 'openai',
        OPENAI_API_KEY: 'sk-from-the-environment',
        OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      }),
      saved: savedOpenAI,
      key,
    });
    expect(all.config).toMatchObject({
      OPENAI_API_KEY: 'sk-from-the-environment',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      OPENAI_MODEL: 'llama3.2',
    });
    expect(all.fromEnvironment).toMatchObject({ provider: true, apiKey: true, baseUrl: true });
  });

  it('keeps an operator’s provider: DRAFT_MODEL, or Claude by ANTHROPIC_API_KEY alone', () => {
    const offline = chooseModel({
      env: envWith({ DRAFT_MODEL: 'offline' }),
      saved: savedOpenAI,
      key,
    });
    expect(offline).toMatchObject({ provider: 'offline', fromEnvironment: { provider: true } });
    const claude = chooseModel({
      env: envWith({ ANTHROPIC_API_KEY: 'sk-ant-operator' }),
      saved: savedOpenAI,
      key,
    });
    expect(claude.provider).toBe('claude');
    expect(claude.config.ANTHROPIC_API_KEY).toBe('sk-ant-operator');
    expect(claude.fromEnvironment).toMatchObject({ provider: true, apiKey: true });
  });

  it('drafts offline, saying why, when the saved key cannot be read', () => {
    const choice = chooseModel({
      env: envWith({}),
      saved: savedOpenAI,
      key: { state: 'unreadable' },
    });
    expect(choice).toMatchObject({
      provider: 'offline',
      wanted: 'openai',
      problem: 'unreadableKey',
    });
    expect(choice.config.DRAFT_MODEL).toBe('offline');
    // An operator's own key still works: the unreadable saved one is not needed.
    const withEnvKey = chooseModel({
      env: envWith({ OPENAI_API_KEY: 'sk-from-the-environment' }),
      saved: savedOpenAI,
      key: { state: 'unreadable' },
    });
    expect(withEnvKey).toMatchObject({ provider: 'openai', problem: null });
  });

  it('drafts offline without a key, and never sends one provider’s key to another', () => {
    const claudeNoKey = chooseModel({
      env: envWith({}),
      saved: savedModelOf({ provider: 'claude' }),
      key: { state: 'none' },
    });
    expect(claudeNoKey).toMatchObject({
      provider: 'offline',
      wanted: 'claude',
      problem: 'missingKey',
    });
    const keyForOpenAI = chooseModel({
      env: envWith({}),
      saved: { ...savedModelOf({ provider: 'claude' }), keyFor: 'openai' },
      key,
    });
    expect(keyForOpenAI).toMatchObject({ provider: 'offline', problem: 'missingKey' });
    // A server of the bakery's own needs no key.
    const ownServer = chooseModel({
      env: envWith({}),
      saved: { ...savedOpenAI, keyFor: undefined },
      key: { state: 'none' },
    });
    expect(ownServer.config).toMatchObject({ DRAFT_MODEL: 'openai', OPENAI_API_KEY: undefined });
  });

  it('reads back only the settings it knows', () => {
    expect(savedModelOf({ provider: 'gemini', model: '  ', baseUrl: 7 })).toEqual({
      provider: undefined,
      model: undefined,
      baseUrl: undefined,
      keyFor: undefined,
    });
  });
});
