import type { Env } from '@/lib/env';
import type { BakeryData } from './bakery/data';
import type { ModelConfig } from './models/create-model';
import type { OpenAISettings } from './models/openai/openai-model';
import type { Limits } from './types';

/** The drafters the configuration can choose between (`DRAFT_MODEL`, `--model`). */
export const draftModelKinds = ['offline', 'claude', 'openai'] as const;
export type DraftModelKind = (typeof draftModelKinds)[number];

/**
 * The model the configuration asks for, over the bakery's facts at `now`, for a question that
 * arrived at `askedAt` (`now` when not given).
 */
export function modelConfigFromEnv(
  env: Env,
  {
    facts,
    now,
    askedAt = now,
    model = env.DRAFT_MODEL,
    customerName = null,
  }: {
    facts: BakeryData;
    now: Date;
    askedAt?: Date;
    model?: DraftModelKind;
    customerName?: string | null;
  },
): ModelConfig {
  if (model === 'offline') return { kind: 'offline', facts, now, askedAt, customerName };
  if (model === 'openai')
    return { kind: 'openai', facts, now, askedAt, customerName, openai: openaiSettings(env) };
  if (!env.ANTHROPIC_API_KEY) {
    throw new Error(
      'Drafting with Claude needs ANTHROPIC_API_KEY; set it, or set DRAFT_MODEL=offline.',
    );
  }
  return {
    kind: 'claude',
    facts,
    now,
    askedAt,
    customerName,
    claude: {
      apiKey: env.ANTHROPIC_API_KEY,
      baseURL: env.ANTHROPIC_BASE_URL,
      model: env.CLAUDE_MODEL,
      effort: env.CLAUDE_EFFORT,
      maxTokens: env.CLAUDE_MAX_TOKENS,
      timeoutMs: env.CLAUDE_TIMEOUT_MS,
      idleTimeoutMs: env.CLAUDE_IDLE_TIMEOUT_MS,
      maxRetries: env.CLAUDE_MAX_RETRIES,
    },
  };
}

/**
 * OpenAI's API needs a key; a server of the bakery's own (OPENAI_BASE_URL) usually needs none,
 * but the SDK always sends one, so a placeholder stands in.
 */
export function openaiSettings(env: Env): OpenAISettings {
  if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    throw new Error(
      "Drafting with an OpenAI-compatible model needs OPENAI_API_KEY for OpenAI's API, or OPENAI_BASE_URL for a server of your own; set one, or choose another DRAFT_MODEL.",
    );
  }
  return {
    apiKey: env.OPENAI_API_KEY ?? 'no-key',
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    strict: env.OPENAI_STRICT === 'on',
    maxTokens: env.OPENAI_MAX_TOKENS,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    idleTimeoutMs: env.OPENAI_IDLE_TIMEOUT_MS,
    maxRetries: env.OPENAI_MAX_RETRIES,
  };
}

export function limitsFromEnv(env: Env): Limits {
  return {
    maxTurns: env.DRAFT_MAX_TURNS,
    maxTokens: env.DRAFT_MAX_TOKENS,
    maxDollars: env.DRAFT_MAX_DOLLARS,
  };
}
