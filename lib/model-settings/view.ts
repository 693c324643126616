import type { DraftModelKind } from '../agent/config';
import { openaiDefaultBaseURL } from '../agent/models/openai/openai-model';
import type { Env } from '../env';
import { defaultModelName, type ModelChoice, type SavedModel } from './model-choice';

/**
 * The "Drafting model" section as the page shows it. Never the key: only whether one is set, its
 * last characters, and whether the desk can still read it.
 */
export type ModelSettingsView = {
  /** The provider the form starts on. */
  provider: DraftModelKind;
  /** The model field's value for each provider. */
  model: { claude: string; openai: string };
  baseUrl: string;
  defaults: { claude: string; openai: string; baseUrl: string };
  key: {
    state: 'none' | 'set' | 'unreadable';
    ending: string | null;
    /** The provider the saved key was entered for. */
    forProvider: DraftModelKind | null;
  };
  /** What the server's environment decides, per provider: shown read-only. */
  environment: {
    provider: boolean;
    claude: { apiKey: boolean; model: boolean };
    openai: { apiKey: boolean; model: boolean; baseUrl: boolean };
  };
  /** Who writes the drafts now, in words. */
  drafter: string;
  problem: ModelChoice['problem'];
};

/** Which provider and model write the drafts, as a sentence's end. */
export function drafterName(config: Env): string {
  switch (config.DRAFT_MODEL) {
    case 'claude':
      return `Claude (${config.CLAUDE_MODEL})`;
    case 'openai':
      return `an OpenAI-compatible model (${config.OPENAI_MODEL} at ${config.OPENAI_BASE_URL ?? openaiDefaultBaseURL}${config.OPENAI_STRICT === 'off' ? ', strict schemas off' : ''})`;
    case 'offline':
      return 'the offline drafter';
  }
}

export function modelSettingsView({
  env,
  choice,
  saved,
  key,
}: {
  env: Env;
  choice: ModelChoice;
  saved: SavedModel;
  key: { state: 'none' | 'set' | 'unreadable'; ending: string | null };
}): ModelSettingsView {
  const modelFor = (provider: 'claude' | 'openai') => {
    const fromEnv =
      provider === 'claude'
        ? env.modelSetInEnvironment.CLAUDE_MODEL
        : env.modelSetInEnvironment.OPENAI_MODEL;
    if (fromEnv) return provider === 'claude' ? env.CLAUDE_MODEL : env.OPENAI_MODEL;
    return saved.provider === provider && saved.model ? saved.model : defaultModelName(provider);
  };
  return {
    provider: choice.wanted,
    model: { claude: modelFor('claude'), openai: modelFor('openai') },
    baseUrl: env.OPENAI_BASE_URL ?? saved.baseUrl ?? '',
    defaults: {
      claude: defaultModelName('claude'),
      openai: defaultModelName('openai'),
      baseUrl: openaiDefaultBaseURL,
    },
    key: {
      state: key.state,
      ending: key.state === 'none' ? null : key.ending,
      forProvider: key.state === 'none' ? null : (saved.keyFor ?? saved.provider ?? null),
    },
    environment: {
      provider: choice.fromEnvironment.provider,
      claude: {
        apiKey: env.ANTHROPIC_API_KEY !== undefined,
        model: env.modelSetInEnvironment.CLAUDE_MODEL,
      },
      openai: {
        apiKey: env.OPENAI_API_KEY !== undefined,
        model: env.modelSetInEnvironment.OPENAI_MODEL,
        baseUrl: env.OPENAI_BASE_URL !== undefined,
      },
    },
    drafter: drafterName(choice.config),
    problem: choice.problem,
  };
}
