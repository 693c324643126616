import type { AnyTool } from '../../core/tool';
import type { Usage } from '../../types';
import type { ModelFailure } from '../model-error';
import {
  type ClaudeSettings,
  cachedPrefix,
  claudeClient,
  claudeFailure,
  requestParams,
} from './claude-model';
import { taskContent } from './prompt';

/** A question any bakery can answer with its tools; the check needs a reply, not a good one. */
export const checkQuestion = 'Are you open today?';
/** Enough for a short answer or a tool call, little enough that a check costs next to nothing. */
export const checkMaxTokens = 256;

export type ModelCheck =
  | { ok: true; model: string; latencyMs: number; usage: Usage; stopReason: string | null }
  | { ok: false; model: string; latencyMs: number; failure: ModelFailure };

/**
 * One real request, shaped exactly as a draft's first turn (the same tools, system prompt,
 * cache breakpoints and options), so a key, a model id and the tool schemas are all proven at
 * once. No retries: a person is waiting, and "rate limited" is itself an answer.
 */
export async function checkClaude({
  settings,
  tools,
  system,
  signal,
}: {
  settings: ClaudeSettings;
  tools: readonly AnyTool[];
  system: string;
  signal?: AbortSignal;
}): Promise<ModelCheck> {
  const client = claudeClient({ ...settings, maxRetries: 0 });
  const params = requestParams({
    settings,
    prefix: cachedPrefix({ tools, system }),
    messages: [{ role: 'user', content: taskContent(checkQuestion) }],
    maxTokens: Math.min(settings.maxTokens, checkMaxTokens),
  });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const message = await client.beta.messages.create(params, { signal });
    return {
      ok: true,
      model: message.model || settings.model,
      latencyMs: elapsed(),
      stopReason: message.stop_reason,
      usage: {
        inputTokens: message.usage.input_tokens,
        outputTokens: message.usage.output_tokens,
        cacheReadTokens: message.usage.cache_read_input_tokens ?? 0,
        cacheWriteTokens: message.usage.cache_creation_input_tokens ?? 0,
      },
    };
  } catch (error) {
    return {
      ok: false,
      model: settings.model,
      latencyMs: elapsed(),
      failure: claudeFailure(error, settings),
    };
  }
}

/** The check's outcome as one line a person reads: what happened and what to do about it. */
export function describeModelCheck(check: ModelCheck): string {
  if (check.ok) {
    const { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens } = check.usage;
    return (
      `Works: ${check.model} answered in ${check.latencyMs} ms with the desk's tools ` +
      `(${inputTokens} input and ${outputTokens} output tokens; cache read ${cacheReadTokens}, cache write ${cacheWriteTokens}).`
    );
  }
  const { failure } = check;
  const advice: Record<ModelFailure['kind'], string> = {
    keyRejected: 'Check ANTHROPIC_API_KEY.',
    forbidden: 'Check what this key may use in the Anthropic console.',
    modelNotFound: 'Check CLAUDE_MODEL.',
    refusedRequest: 'The desk sent something the API does not accept; the message above says what.',
    tooLarge: 'The request is larger than the API takes.',
    rateLimited: 'Try again in a minute; drafts wait and retry on their own.',
    overloaded: 'Try again shortly; drafts wait and retry on their own.',
    serverError: 'Try again shortly; drafts wait and retry on their own.',
    unreachable: 'Check the network, or ANTHROPIC_BASE_URL if it is set.',
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
