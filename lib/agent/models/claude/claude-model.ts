import Anthropic from '@anthropic-ai/sdk';
import type {
  BetaContentBlockParam,
  BetaMessage,
  BetaMessageParam,
  BetaTool,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { AnyTool } from '../../core/tool';
import type { Model, ModelReply, ModelTurn, Usage } from '../../types';
import { costOf } from './prices';
import { taskMessage } from './prompt';
import { replyFor } from './stop-reason';

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
}: {
  settings: ClaudeSettings;
  tools: readonly AnyTool[];
  system: string;
}): Model {
  const client = new Anthropic({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL ?? null,
    maxRetries: settings.maxRetries,
    timeout: settings.timeoutMs,
  });
  const toolDefinitions: BetaTool[] = tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema as BetaTool['input_schema'],
    strict: true,
  }));
  const messages: BetaMessageParam[] = [];

  return {
    name: settings.model,
    async takeTurn(turn, { signal, onEvent }) {
      messages.push(userMessage(turn));
      const message = await streamMessage({
        client,
        settings,
        signal,
        onText: (text) => onEvent?.({ kind: 'textDelta', text }),
        params: {
          model: settings.model,
          max_tokens: settings.maxTokens,
          system,
          tools: toolDefinitions,
          messages,
          cache_control: { type: 'ephemeral' },
          output_config: { effort: settings.effort },
          betas: [fallbackBeta],
          fallbacks: 'default',
        },
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

function userMessage(turn: ModelTurn): BetaMessageParam {
  if (turn.kind === 'task') return { role: 'user', content: taskMessage(turn.text) };
  return {
    role: 'user',
    content: turn.results.map((result) => ({
      type: 'tool_result' as const,
      tool_use_id: result.callId,
      content: result.content,
      is_error: result.isError,
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
  const watchdog = new AbortController();
  const stream = client.beta.messages.stream(params, {
    signal: AbortSignal.any([signal, watchdog.signal]),
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const feed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => watchdog.abort(), settings.idleTimeoutMs);
  };
  stream.on('connect', feed);
  stream.on('streamEvent', feed);
  stream.on('text', (text) => onText(text));
  try {
    return await stream.finalMessage();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (watchdog.signal.aborted) {
      throw new Error(
        `Claude's response stream went silent for ${settings.idleTimeoutMs} ms and was abandoned.`,
      );
    }
    throw new Error(`The Claude request failed: ${describeError(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function describeError(error: unknown): string {
  if (error instanceof Anthropic.APIError) {
    const body = error.error as { error?: { type?: string; message?: string } } | undefined;
    const detail = body?.error?.message ?? error.message;
    const kind = body?.error?.type ? `${body.error.type}: ` : '';
    return error.status ? `${error.status} ${kind}${detail}` : detail;
  }
  return error instanceof Error ? error.message : String(error);
}

function usageOf(message: BetaMessage): Usage {
  return {
    inputTokens: message.usage.input_tokens,
    outputTokens: message.usage.output_tokens,
    cacheReadTokens: message.usage.cache_read_input_tokens ?? 0,
    cacheWriteTokens: message.usage.cache_creation_input_tokens ?? 0,
  };
}
