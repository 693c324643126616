import OpenAI from 'openai';
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { AnyTool } from '../../core/tool';
import type { Model, ModelReply, ThreadTurn } from '../../types';
import { idleWatchdog, stalledFailure } from '../idle-watchdog';
import { failureFromStatus, type ModelFailure, ModelRequestError } from '../model-error';
import {
  type Completion,
  emptyCompletion,
  foldChunk,
  replyFor,
  usageOf,
  withCallIds,
} from './completion';
import { openaiCostOf } from './prices';
import { openaiToolDefinitions } from './tool-definitions';
import { chatMessages, type Exchange } from './transcript';

export type OpenAISettings = {
  apiKey: string;
  /** A Chat Completions endpoint with its /v1 (a local server's); OpenAI's when not given. */
  baseURL?: string;
  model: string;
  /**
   * Strict function schemas and parallel calls, as OpenAI's API takes them. Off for servers that
   * take neither (many local ones): plain schemas, one call per turn, and the output limit sent
   * as the older `max_tokens` that every compatible server reads.
   */
  strict: boolean;
  maxTokens: number;
  /** How long to wait for a response's headers (the SDK's own timeout). */
  timeoutMs: number;
  /** How long a stream may go silent after its headers before it is abandoned. */
  idleTimeoutMs: number;
  maxRetries: number;
};

export const openaiDefaultBaseURL = 'https://api.openai.com/v1';

/**
 * One conversation with a Chat Completions model. The system prompt and tools are fixed for the
 * conversation and the transcript only grows (`chatMessages` rebuilds it from data that is only
 * appended to), so each request extends the one before it.
 */
export function openaiModel({
  settings,
  tools,
  system,
  timing,
}: {
  settings: OpenAISettings;
  tools: readonly AnyTool[];
  system: string;
  /** When the newest message arrived and when it is drafted, in words, sent with it. */
  timing?: string;
}): Model {
  const client = openaiClient(settings);
  const definitions = openaiToolDefinitions(tools, { strict: settings.strict });
  let earlier: readonly ThreadTurn[] = [];
  let newest = '';
  let notes: readonly string[] = [];
  const exchanges: Exchange[] = [];
  let callsWithoutId = 0;

  return {
    name: settings.model,
    async takeTurn(turn, { signal, onEvent }) {
      if (turn.kind === 'task') {
        earlier = turn.earlier;
        newest = turn.text;
        notes = turn.notes ?? [];
      } else {
        const last = exchanges.pop();
        if (last) exchanges.push({ ...last, results: turn.results });
      }
      const completion = await streamCompletion({
        client,
        settings,
        signal,
        onText: (text) => onEvent?.({ kind: 'textDelta', text }),
        params: requestParams({
          settings,
          tools: definitions,
          messages: chatMessages({ system, timing, earlier, newest, notes, exchanges }),
        }),
      });
      const calls = withCallIds(completion.calls, () => `call_desk_${++callsWithoutId}`);
      exchanges.push({ text: completion.text, calls });
      const usage = usageOf(completion.usage);
      return {
        ...replyFor({ ...completion, calls }),
        usage,
        costUsd: openaiCostOf(usage, completion.model || settings.model),
      } as ModelReply;
    },
  };
}

export function openaiClient(settings: OpenAISettings): OpenAI {
  return new OpenAI({
    // A local server needs no key, but the SDK sends one: any placeholder does.
    apiKey: settings.apiKey,
    // Passed explicitly so the SDK's own environment reads (OPENAI_BASE_URL, organisation,
    // project) never change what the desk's configuration says.
    baseURL: settings.baseURL ?? null,
    organization: null,
    project: null,
    maxRetries: settings.maxRetries,
    timeout: settings.timeoutMs,
  });
}

export function requestParams({
  settings,
  tools,
  messages,
  maxTokens = settings.maxTokens,
}: {
  settings: OpenAISettings;
  tools: ChatCompletionFunctionTool[];
  messages: ChatCompletionMessageParam[];
  maxTokens?: number;
}) {
  return {
    model: settings.model,
    messages,
    tools,
    parallel_tool_calls: settings.strict,
    ...(settings.strict ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens }),
  };
}

/** Streams one completion, text deltas as they come, abandoned if it goes silent. */
async function streamCompletion({
  client,
  settings,
  params,
  signal,
  onText,
}: {
  client: OpenAI;
  settings: OpenAISettings;
  params: ReturnType<typeof requestParams>;
  signal: AbortSignal;
  onText: (text: string) => void;
}): Promise<Completion> {
  const watchdog = idleWatchdog(settings.idleTimeoutMs);
  let completion = emptyCompletion(settings.model);
  try {
    const stream = await client.chat.completions.create(
      { ...params, stream: true, stream_options: { include_usage: true } },
      { signal: AbortSignal.any([signal, watchdog.signal]) },
    );
    watchdog.feed();
    for await (const chunk of stream) {
      watchdog.feed();
      completion = foldChunk(completion, chunk);
      const text = chunk.choices.find((choice) => choice.index === 0)?.delta?.content;
      if (text) onText(text);
    }
    // The SDK ends a stream's iteration quietly when it is aborted, as if it had finished.
    throwIfAbandoned(signal, watchdog.signal, settings);
    return completion;
  } catch (error) {
    throwIfAbandoned(signal, watchdog.signal, settings);
    throw new ModelRequestError(openaiFailure(error, settings), { cause: error });
  } finally {
    watchdog.stop();
  }
}

function throwIfAbandoned(
  signal: AbortSignal,
  watchdog: AbortSignal,
  settings: OpenAISettings,
): void {
  if (signal.aborted) throw signal.reason;
  if (watchdog.aborted) {
    throw new ModelRequestError(stalledFailure("The model's", settings.idleTimeoutMs));
  }
}

/** Any error the SDK throws, as a failure the queue and the model check act on. */
export function openaiFailure(error: unknown, settings: OpenAISettings): ModelFailure {
  if (error instanceof OpenAI.APIError && error.status) {
    const body = error.error as { message?: unknown } | undefined;
    return failureFromStatus({
      status: error.status,
      // OpenAI names the error in `code` ("model_not_found") and its class in `type`; some
      // compatible servers put the status number in `code`.
      type: typeof error.code === 'string' ? error.code : error.type,
      detail: typeof body?.message === 'string' ? body.message : error.message,
      model: settings.model,
    });
  }
  const where = settings.baseURL ?? openaiDefaultBaseURL;
  const detail = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
  if (error instanceof OpenAI.APIConnectionError) {
    return {
      kind: 'unreachable',
      retryable: true,
      message: `The OpenAI-compatible API at ${where} could not be reached (${detail})`,
    };
  }
  // A stream cut short, a response the SDK could not read: another try may go through.
  return { kind: 'serverError', retryable: true, message: `The model request failed: ${detail}` };
}
