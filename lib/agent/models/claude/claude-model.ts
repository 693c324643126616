import Anthropic from '@anthropic-ai/sdk';
import type {
  BetaContentBlockParam,
  BetaMessage,
  BetaMessageParam,
  BetaTextBlockParam,
  BetaTool,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { AnyTool } from '../../core/tool';
import type { Model, ModelReply, ModelTurn, Usage } from '../../types';
import { idleWatchdog, stalledFailure } from '../idle-watchdog';
import { failureFromStatus, type ModelFailure, ModelRequestError } from '../model-error';
import { costOf } from './prices';
import { conversationTurns } from './prompt';
import { replyFor } from './stop-reason';
import { claudeToolDefinitions } from './tool-definitions';

export type ClaudeSettings = {
  apiKey: string;
  /** Another Messages API endpoint, without /v1. */
  baseURL?: string;
  model: string;
  effort: 'low' | 'medium' | 'high' | 'max';
  maxTokens: number;
  /** How long to wait for a response's headers (the SDK's own timeout). */
  timeoutMs: number;
  /** How long a stream may go silent after its headers before it is abandoned. */
  idleTimeoutMs: number;
  maxRetries: number;
};

/** A declined request is retried server-side on the recommended model. */
export const fallbackBeta = 'server-side-fallback-2026-07-01';

/**
 * One conversation with Claude. The system prompt and tools are fixed for the conversation and
 * the transcript only grows, so from the second request on its prefix is read from the cache.
 */
export function claudeModel({
  settings,
  tools,
  system,
  timing,
}: {
  settings: ClaudeSettings;
  tools: readonly AnyTool[];
  system: string;
  /** When the question arrived and when it is drafted, in words, sent with the question. */
  timing?: string;
}): Model {
  const client = claudeClient(settings);
  const prefix = cachedPrefix({ tools, system });
  const messages: BetaMessageParam[] = [];

  return {
    name: settings.model,
    async takeTurn(turn, { signal, onEvent }) {
      if (turn.kind === 'task')
        messages.push(...conversationTurns(turn.earlier, turn.text, timing, turn.notes));
      else messages.push(toolResultsMessage(turn));
      const message = await streamMessage({
        client,
        settings,
        signal,
        onText: (text) => onEvent?.({ kind: 'textDelta', text }),
        params: requestParams({ settings, prefix, messages }),
      });
      // The response goes back exactly as it came, thinking blocks included: the API checks them.
      messages.push({ role: 'assistant', content: message.content as BetaContentBlockParam[] });
      const usage = usageOf(message);
      return {
        ...replyFor(message),
        usage,
        costUsd: costOf(usage, message.model || settings.model),
      } as ModelReply;
    },
  };
}

export function claudeClient(settings: ClaudeSettings): Anthropic {
  return new Anthropic({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL ?? null,
    maxRetries: settings.maxRetries,
    timeout: settings.timeoutMs,
  });
}

/** What every request of every draft starts with, byte for byte: the tools, then the system prompt. */
export type CachedPrefix = { tools: BetaTool[]; system: BetaTextBlockParam[] };

/**
 * The API caches prefixes ending at a breakpoint. The one on the system prompt covers tools and
 * system, which every draft of the day shares; the top-level one (automatic caching) follows the
 * end of the transcript, so each later turn of a draft reads the turns before it. Two of the
 * four breakpoints a request may carry.
 */
export function cachedPrefix({
  tools,
  system,
}: {
  tools: readonly AnyTool[];
  system: string;
}): CachedPrefix {
  return {
    tools: claudeToolDefinitions(tools),
    system: [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }],
  };
}

export function requestParams({
  settings,
  prefix,
  messages,
  maxTokens = settings.maxTokens,
}: {
  settings: ClaudeSettings;
  prefix: CachedPrefix;
  messages: BetaMessageParam[];
  maxTokens?: number;
}) {
  return {
    model: settings.model,
    max_tokens: maxTokens,
    system: prefix.system,
    tools: prefix.tools,
    messages,
    cache_control: { type: 'ephemeral' as const },
    output_config: { effort: settings.effort },
    betas: [fallbackBeta],
    fallbacks: 'default' as const,
  };
}

function toolResultsMessage(turn: Extract<ModelTurn, { kind: 'toolResults' }>): BetaMessageParam {
  return {
    role: 'user',
    // is_error defaults to false: sent only on errors, it is not repeated in every later request.
    content: turn.results.map((result) => ({
      type: 'tool_result' as const,
      tool_use_id: result.callId,
      content: result.content,
      ...(result.isError ? { is_error: true } : {}),
    })),
  };
}

type StreamParams = Parameters<Anthropic['beta']['messages']['stream']>[0];

/**
 * Streams one response. The SDK's timeout only covers the wait for headers, so a watchdog
 * abandons a stream that goes silent for longer than the idle timeout.
 */
async function streamMessage({
  client,
  settings,
  params,
  signal,
  onText,
}: {
  client: Anthropic;
  settings: ClaudeSettings;
  params: StreamParams;
  signal: AbortSignal;
  onText: (text: string) => void;
}): Promise<BetaMessage> {
  const watchdog = idleWatchdog(settings.idleTimeoutMs);
  const stream = client.beta.messages.stream(params, {
    signal: AbortSignal.any([signal, watchdog.signal]),
  });
  stream.on('connect', watchdog.feed);
  stream.on('streamEvent', watchdog.feed);
  stream.on('text', (text) => onText(text));
  try {
    return await stream.finalMessage();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (watchdog.signal.aborted) {
      throw new ModelRequestError(stalledFailure("Claude's", settings.idleTimeoutMs));
    }
    throw new ModelRequestError(claudeFailure(error, settings), { cause: error });
  } finally {
    watchdog.stop();
  }
}

/** Any error the SDK throws, as a failure the queue and the model check act on. */
export function claudeFailure(error: unknown, settings: ClaudeSettings): ModelFailure {
  if (error instanceof Anthropic.APIError && error.status) {
    const body = error.error as { error?: { type?: string; message?: string } } | undefined;
    return failureFromStatus({
      status: error.status,
      type: body?.error?.type,
      detail: body?.error?.message ?? error.message,
      model: settings.model,
    });
  }
  const where = settings.baseURL ?? 'https://api.anthropic.com';
  const detail = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
  if (error instanceof Anthropic.APIConnectionError) {
    return {
      kind: 'unreachable',
      retryable: true,
      message: `The Claude API at ${where} could not be reached (${detail})`,
    };
  }
  // A stream cut short, a response the SDK could not read: another try may go through.
  return { kind: 'serverError', retryable: true, message: `The Claude request failed: ${detail}` };
}

function usageOf(message: BetaMessage): Usage {
  return {
    inputTokens: message.usage.input_tokens,
    outputTokens: message.usage.output_tokens,
    cacheReadTokens: message.usage.cache_read_input_tokens ?? 0,
    cacheWriteTokens: message.usage.cache_creation_input_tokens ?? 0,
  };
}
