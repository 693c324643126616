import type { Env } from '@/lib/env';
import type { BakeryData } from './bakery/data';
import type { ModelConfig } from './models/create-model';
import type { Limits } from './types';

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
  }: { facts: BakeryData; now: Date; askedAt?: Date; model?: 'offline' | 'claude' },
): ModelConfig {
  if (model === 'offline') return { kind: 'offline', facts, now, askedAt };
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

export function limitsFromEnv(env: Env): Limits {
  return {
    maxTurns: env.DRAFT_MAX_TURNS,
    maxTokens: env.DRAFT_MAX_TOKENS,
    maxDollars: env.DRAFT_MAX_DOLLARS,
  };
}
