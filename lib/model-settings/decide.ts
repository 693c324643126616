import type { DraftModelKind } from '../agent/config';
import type { SettingNames } from '../agent/models/model-check';
import type { Env } from '../env';
import type { ModelSettingsInput } from './form';
import type { SavedKey, SavedModel } from './model-choice';

/**
 * What the owner's "Drafting model" form asks for, decided before anything is stored or sent:
 * the environment's fields are never taken from the form (it wins, and they were not posted),
 * and a key entered for one provider is never kept for another.
 */

/** The provider the environment names, if it names one (DRAFT_MODEL, or ANTHROPIC_API_KEY). */
export function environmentProvider(env: Env): DraftModelKind | undefined {
  if (env.modelSetInEnvironment.DRAFT_MODEL || env.ANTHROPIC_API_KEY) return env.DRAFT_MODEL;
  return undefined;
}

function environmentKey(env: Env, provider: DraftModelKind): boolean {
  if (provider === 'claude') return env.ANTHROPIC_API_KEY !== undefined;
  if (provider === 'openai') return env.OPENAI_API_KEY !== undefined;
  return false;
}

/** The form's values over what is saved: the choice it describes, as stored settings. */
function formChoice({
  input,
  env,
  saved,
}: {
  input: ModelSettingsInput;
  env: Env;
  saved: SavedModel;
}): { provider: DraftModelKind; model?: string; baseUrl?: string } {
  const provider = environmentProvider(env) ?? input.provider ?? saved.provider ?? 'offline';
  const modelFromEnv =
    (provider === 'claude' && env.modelSetInEnvironment.CLAUDE_MODEL) ||
    (provider === 'openai' && env.modelSetInEnvironment.OPENAI_MODEL);
  const baseUrlFromEnv = env.OPENAI_BASE_URL !== undefined;
  return {
    provider,
    model: provider === 'offline' ? saved.model : modelFromEnv ? saved.model : input.model,
    baseUrl: provider === 'openai' && !baseUrlFromEnv ? input.baseUrl : saved.baseUrl,
  };
}

export type ModelSave = {
  settings: Record<string, string>;
  /** For `saveConnection`: undefined keeps the saved key, null removes it, a string stores it. */
  secret: string | null | undefined;
};

export function modelSettingsToSave({
  input,
  env,
  saved,
  hasKey,
}: {
  input: ModelSettingsInput;
  env: Env;
  saved: SavedModel;
  hasKey: boolean;
}): ModelSave {
  const choice = formChoice({ input, env, saved });
  const keyForSaved = saved.keyFor ?? saved.provider;
  let secret: ModelSave['secret'];
  let keyFor = hasKey ? keyForSaved : undefined;
  if (environmentKey(env, choice.provider) || choice.provider === 'offline') {
    // The form shows no key field: a saved key waits, untouched, for when it is chosen again.
    secret = input.keyAction === 'remove' ? null : undefined;
  } else if (input.keyAction === 'remove') {
    secret = null;
  } else if (input.secret !== undefined) {
    secret = input.secret;
    keyFor = choice.provider;
  } else if (hasKey && keyForSaved !== choice.provider) {
    // Another provider's key: never sent to this one, so not kept for it either.
    secret = null;
  }
  if (secret === null) keyFor = undefined;
  const settings: Record<string, string> = { provider: choice.provider };
  if (choice.model) settings.model = choice.model;
  if (choice.baseUrl) settings.baseUrl = choice.baseUrl;
  if (keyFor) settings.keyFor = keyFor;
  return { settings, secret };
}

/** What "Test" tries: the form's values, with the typed key or else the saved one. */
export function modelSettingsToTest({
  input,
  env,
  saved,
  savedKey,
}: {
  input: ModelSettingsInput;
  env: Env;
  saved: SavedModel;
  savedKey: SavedKey;
}): { saved: SavedModel; key: SavedKey; names: Partial<SettingNames> } {
  const choice = formChoice({ input, env, saved });
  const key: SavedKey =
    input.keyAction === 'remove'
      ? { state: 'none' }
      : input.secret !== undefined
        ? { state: 'set', value: input.secret }
        : savedKey;
  const keyFor = input.secret !== undefined ? choice.provider : (saved.keyFor ?? saved.provider);
  // Advice names the page's fields for what the page sets, the variables for the rest.
  const names: Partial<SettingNames> = {};
  if (!environmentKey(env, choice.provider)) names.key = 'the API key';
  const modelFromEnv =
    (choice.provider === 'claude' && env.modelSetInEnvironment.CLAUDE_MODEL) ||
    (choice.provider === 'openai' && env.modelSetInEnvironment.OPENAI_MODEL);
  if (!modelFromEnv) names.model = 'the model name';
  if (choice.provider === 'openai' && env.OPENAI_BASE_URL === undefined) {
    names.baseURL = 'the server address';
  }
  return { saved: { ...choice, keyFor }, key, names };
}
