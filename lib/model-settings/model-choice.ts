import type { DraftModelKind } from '../agent/config';
import { DEFAULT_CLAUDE_MODEL, DEFAULT_OPENAI_MODEL, type Env } from '../env';
import { environmentProvider } from './decide';

/**
 * Which model drafts: what the operator set in the environment wins, field by field; the rest
 * comes from what the owner saved in Settings. The outcome is an `Env` with the model's
 * variables filled in, so the drafting worker and the model check read it exactly as they read
 * the environment alone (lib/agent/config.ts).
 */

export const modelProviders = [
  'offline',
  'claude',
  'openai',
] as const satisfies readonly DraftModelKind[];
export type ModelField = 'provider' | 'apiKey' | 'model' | 'baseUrl';

/** The owner's saved choice, as Settings stores it (`connections` row 'model'). */
export type SavedModel = {
  provider?: DraftModelKind;
  model?: string;
  baseUrl?: string;
  /** Which provider the saved key was entered for: a Claude key is never sent elsewhere. */
  keyFor?: DraftModelKind;
};

/** The saved key as the desk can read it (db/connections.ts's `ConnectionSecret`). */
export type SavedKey =
  | { state: 'none' }
  | { state: 'set'; value: string }
  | { state: 'unreadable' };

export type ModelChoice = {
  /** The provider drafts use now. */
  provider: DraftModelKind;
  /** The provider asked for, by the environment or Settings, before any fallback. */
  wanted: DraftModelKind;
  /** Fields the environment decides: Settings shows them read-only. */
  fromEnvironment: Record<ModelField, boolean>;
  /**
   * Why drafts fall back to the offline drafter: the saved key cannot be opened (the desk's
   * key file was removed or replaced), or the chosen provider has no key (nor address).
   */
  problem: 'unreadableKey' | 'missingKey' | null;
  /** The environment with the chosen model's variables in place. */
  config: Env;
};

export function defaultModelName(provider: DraftModelKind): string {
  if (provider === 'claude') return DEFAULT_CLAUDE_MODEL;
  if (provider === 'openai') return DEFAULT_OPENAI_MODEL;
  return '';
}

/** The saved settings read back from their stored form; anything unknown is ignored. */
export function savedModelOf(settings: Record<string, unknown> | null | undefined): SavedModel {
  const provider = modelProviders.find((p) => p === settings?.provider);
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.trim() : undefined;
  const keyFor = modelProviders.find((p) => p === settings?.keyFor);
  return { provider, model: text(settings?.model), baseUrl: text(settings?.baseUrl), keyFor };
}

export function chooseModel({
  env,
  saved,
  key,
}: {
  env: Env;
  saved: SavedModel;
  key: SavedKey;
}): ModelChoice {
  const fromEnvProvider = environmentProvider(env);
  const wanted = fromEnvProvider ?? saved.provider ?? 'offline';
  // A key saved for another provider is not this one's: as if none were saved.
  if (saved.keyFor !== undefined && saved.keyFor !== wanted) key = { state: 'none' };
  const savedKey = key.state === 'set' ? key.value : undefined;
  const offline = (problem: ModelChoice['problem']): ModelChoice => ({
    provider: 'offline',
    wanted,
    fromEnvironment: {
      provider: fromEnvProvider !== undefined,
      apiKey: false,
      model: false,
      baseUrl: false,
    },
    problem,
    config: { ...env, DRAFT_MODEL: 'offline' },
  });

  if (wanted === 'offline') return offline(null);

  if (wanted === 'claude') {
    const fromEnvironment = {
      provider: fromEnvProvider !== undefined,
      apiKey: env.ANTHROPIC_API_KEY !== undefined,
      model: env.modelSetInEnvironment.CLAUDE_MODEL,
      baseUrl: false,
    };
    const apiKey = env.ANTHROPIC_API_KEY ?? savedKey;
    if (!apiKey) {
      // The operator chose Claude without a key: as before, the drafting run says so.
      if (fromEnvironment.provider) return { ...claudeChoice(), problem: 'missingKey' };
      return {
        ...offline(key.state === 'unreadable' ? 'unreadableKey' : 'missingKey'),
        fromEnvironment,
      };
    }
    return claudeChoice(apiKey);

    function claudeChoice(value?: string): ModelChoice {
      return {
        provider: 'claude',
        wanted,
        fromEnvironment,
        problem: null,
        config: {
          ...env,
          DRAFT_MODEL: 'claude',
          ANTHROPIC_API_KEY: value,
          CLAUDE_MODEL: fromEnvironment.model
            ? env.CLAUDE_MODEL
            : (saved.model ?? DEFAULT_CLAUDE_MODEL),
        },
      };
    }
  }

  const fromEnvironment = {
    provider: fromEnvProvider !== undefined,
    apiKey: env.OPENAI_API_KEY !== undefined,
    model: env.modelSetInEnvironment.OPENAI_MODEL,
    baseUrl: env.OPENAI_BASE_URL !== undefined,
  };
  const apiKey = env.OPENAI_API_KEY ?? savedKey;
  const baseUrl = env.OPENAI_BASE_URL ?? saved.baseUrl;
  // A saved key that cannot be opened was needed, or it would not have been saved.
  const unreadable = !fromEnvironment.apiKey && key.state === 'unreadable';
  if (unreadable || (!apiKey && !baseUrl)) {
    const problem = unreadable ? 'unreadableKey' : 'missingKey';
    if (fromEnvironment.provider && !unreadable) {
      return { provider: 'openai', wanted, fromEnvironment, problem, config: env };
    }
    return { ...offline(problem), fromEnvironment };
  }
  return {
    provider: 'openai',
    wanted,
    fromEnvironment,
    problem: null,
    config: {
      ...env,
      DRAFT_MODEL: 'openai',
      OPENAI_API_KEY: apiKey,
      OPENAI_BASE_URL: baseUrl,
      OPENAI_MODEL: fromEnvironment.model
        ? env.OPENAI_MODEL
        : (saved.model ?? DEFAULT_OPENAI_MODEL),
    },
  };
}
