import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionMessageToolCall,
} from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import type { ModelReply, ToolCall, Usage } from '../../types';
import type { WrittenCall } from './transcript';

export type FinishReason = ChatCompletion.Choice['finish_reason'];

/** One completion, whether it came whole or was put together from a stream's chunks. */
export type Completion = {
  model: string;
  text: string;
  /** What the model said instead of answering, when it declined. */
  refusal: string;
  calls: WrittenCall[];
  finishReason: FinishReason | null;
  usage: CompletionUsage | null;
};

export const emptyCompletion = (model: string): Completion => ({
  model,
  text: '',
  refusal: '',
  calls: [],
  finishReason: null,
  usage: null,
});

/**
 * Adds one streamed chunk to the completion so far. Text and refusals arrive in pieces, and each
 * tool call in pieces under its index: the first piece has its id and name, the rest its
 * arguments. With `include_usage` the last chunk has no choices, only the usage.
 */
export function foldChunk(completion: Completion, chunk: ChatCompletionChunk): Completion {
  const next: Completion = {
    ...completion,
    model: chunk.model || completion.model,
    calls: [...completion.calls],
    usage: chunk.usage ?? completion.usage,
  };
  const choice = chunk.choices.find((c) => c.index === 0);
  if (!choice) return next;
  const delta = choice.delta ?? {};
  if (delta.content) next.text += delta.content;
  if (delta.refusal) next.refusal += delta.refusal;
  for (const piece of delta.tool_calls ?? []) {
    const call = next.calls[piece.index] ?? { id: '', name: '', arguments: '' };
    next.calls[piece.index] = {
      id: piece.id || call.id,
      name: piece.function?.name || call.name,
      arguments: call.arguments + (piece.function?.arguments ?? ''),
    };
  }
  if (choice.finish_reason) next.finishReason = choice.finish_reason;
  return next;
}

/** A completion that came whole (a request without a stream). */
export function completionOf(response: ChatCompletion): Completion {
  const choice = response.choices[0];
  const message = choice?.message;
  return {
    model: response.model,
    text: message?.content ?? '',
    refusal: message?.refusal ?? '',
    calls: (message?.tool_calls ?? []).flatMap((call: ChatCompletionMessageToolCall) =>
      call.type === 'function'
        ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }]
        : [],
    ),
    finishReason: choice?.finish_reason ?? null,
    usage: response.usage ?? null,
  };
}

/**
 * Every call gets an id the transcript can answer under: some compatible servers leave it out
 * or repeat one, and a tool message must name exactly one call.
 */
export function withCallIds(calls: readonly WrittenCall[], fresh: () => string): WrittenCall[] {
  const seen = new Set<string>();
  return calls
    .filter((call) => call !== undefined)
    .map((call) => {
      const id = call.id && !seen.has(call.id) ? call.id : fresh();
      seen.add(id);
      return { ...call, id };
    });
}

/**
 * What the model wrote as a call's input. Strict mode guarantees JSON; a server without it may
 * write anything, which stays a string for the tool's decoder to refuse as bad input (the model
 * reads why). No arguments at all is an empty object, as servers write it for a tool without any.
 */
export function inputOf(written: string): unknown {
  if (written.trim() === '') return {};
  try {
    return JSON.parse(written);
  } catch {
    return written;
  }
}

export function usageOf(usage: CompletionUsage | null): Usage {
  const cached = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    // Cached tokens are part of the prompt's count; they are priced apart, so counted apart.
    inputTokens: Math.max(0, (usage?.prompt_tokens ?? 0) - cached),
    outputTokens: usage?.completion_tokens ?? 0,
    cacheReadTokens: cached,
    cacheWriteTokens: 0,
  };
}

export type ReplyWithoutCost =
  | { kind: 'answer'; text: string }
  | { kind: 'toolCalls'; calls: ToolCall[]; text?: string }
  | Omit<Extract<ModelReply, { kind: 'stop' }>, 'usage' | 'costUsd'>;

/**
 * Every finish reason the SDK knows, decided here, with no default: a reason added to the SDK
 * fails the typecheck until someone decides what it means. Calls run whenever the model asked
 * for some and was not cut off, even beside text, and even under `stop` (as some compatible
 * servers report a turn that called tools).
 */
export function replyFor(completion: Completion): ReplyWithoutCost {
  const text = completion.text.trim();
  const calls: ToolCall[] = completion.calls.map((call) => ({
    id: call.id,
    name: call.name,
    input: inputOf(call.arguments),
  }));
  const reason = completion.finishReason;
  if (completion.refusal.trim() !== '' && reason !== 'length') {
    return { kind: 'stop', reason: 'refused', detail: completion.refusal.trim() };
  }
  switch (reason) {
    case 'stop':
    case 'tool_calls':
      if (calls.length > 0) return { kind: 'toolCalls', calls, ...(text ? { text } : {}) };
      return text
        ? { kind: 'answer', text }
        : { kind: 'stop', reason: 'unfinished', detail: `${reason} with no text` };
    case 'length':
      return { kind: 'stop', reason: 'truncated', detail: 'length' };
    case 'content_filter':
      return { kind: 'stop', reason: 'refused', detail: 'content_filter' };
    // The legacy functions parameter is never sent, so a legacy call cannot be answered.
    case 'function_call':
      return { kind: 'stop', reason: 'unfinished', detail: 'function_call' };
    case null:
      return { kind: 'stop', reason: 'unfinished', detail: 'no finish reason' };
  }
  return assertNever(reason);
}

function assertNever(value: never): never {
  throw new Error(`Unhandled finish reason: ${String(value)}`);
}
