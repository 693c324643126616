import type { Usage } from '../types';
import type { ModelFailure } from './model-error';

/** A question any bakery can answer with its tools; the check needs a reply, not a good one. */
export const checkQuestion = 'Are you open today?';
/** Enough for a short answer or a tool call, little enough that a check costs next to nothing. */
export const checkMaxTokens = 256;

export type ModelProvider = 'claude' | 'openai';

export type ModelCheck =
  | {
      ok: true;
      provider: ModelProvider;
      model: string;
      latencyMs: number;
      usage: Usage;
      stopReason: string | null;
    }
  | { ok: false; provider: ModelProvider; model: string; latencyMs: number; failure: ModelFailure };

/** Where each provider's settings are, for advice that names the one to change. */
const environmentNames: Record<
  ModelProvider,
  { key: string; model: string; baseURL: string; console: string }
> = {
  claude: {
    key: 'ANTHROPIC_API_KEY',
    model: 'CLAUDE_MODEL',
    baseURL: 'ANTHROPIC_BASE_URL',
    console: 'the Anthropic console',
  },
  openai: {
    key: 'OPENAI_API_KEY',
    model: 'OPENAI_MODEL',
    baseURL: 'OPENAI_BASE_URL',
    console: "the provider's console",
  },
};

/** The names advice may use for a provider's settings. */
export type SettingNames = { key: string; model: string; baseURL: string };

/**
 * The check's outcome as one line a person reads: what happened and what to do about it. The
 * advice names the environment's variables, or the names given instead (the Settings page's
 * fields, for values that came from there).
 */
export function describeModelCheck(
  check: ModelCheck,
  { names: given }: { names?: Partial<SettingNames> } = {},
): string {
  if (check.ok) {
    const { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens } = check.usage;
    return (
      `Works: ${check.model} answered in ${check.latencyMs} ms with the desk's tools ` +
      `(${inputTokens} input and ${outputTokens} output tokens; cache read ${cacheReadTokens}, cache write ${cacheWriteTokens}).`
    );
  }
  const { failure } = check;
  const names = { ...environmentNames[check.provider], ...given };
  const advice: Record<ModelFailure['kind'], string> = {
    keyRejected: `Check ${names.key}.`,
    forbidden: `Check what this key may use in ${names.console}.`,
    modelNotFound: `Check ${names.model}.`,
    refusedRequest: 'The desk sent something the API does not accept; the message above says what.',
    tooLarge: 'The request is larger than the API takes.',
    rateLimited: 'Try again in a minute; drafts wait and retry on their own.',
    overloaded: 'Try again shortly; drafts wait and retry on their own.',
    serverError: 'Try again shortly; drafts wait and retry on their own.',
    unreachable: `Check the network, or ${names.baseURL} if it is set.`,
    stalled: 'Try again shortly.',
    otherStatus: '',
  };
  const label: Record<ModelFailure['kind'], string> = {
    keyRejected: 'Key rejected',
    forbidden: 'Not allowed',
    modelNotFound: 'Model not found',
    refusedRequest: 'Schema or request refused',
    tooLarge: 'Request too large',
    rateLimited: 'Rate limited',
    overloaded: 'Overloaded',
    serverError: 'API error',
    unreachable: 'Network unreachable',
    stalled: 'No answer',
    otherStatus: 'Unexpected answer',
  };
  return `${label[failure.kind]}: ${failure.message}. ${advice[failure.kind]}`.trim();
}
