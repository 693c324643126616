import type { BetaMessage } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { ModelReply, ToolCall } from '../../types';

export type ReplyWithoutCost =
  | { kind: 'answer'; text: string }
  | { kind: 'toolCalls'; calls: ToolCall[]; text?: string }
  | Omit<Extract<ModelReply, { kind: 'stop' }>, 'usage' | 'costUsd'>;

/**
 * Every stop reason the SDK knows, decided here. There is no default: a reason added to the
 * SDK fails the typecheck until someone decides what it means.
 */
export function replyFor(message: BetaMessage): ReplyWithoutCost {
  const text = message.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('')
    .trim();
  const calls: ToolCall[] = message.content.flatMap((block) =>
    block.type === 'tool_use' ? [{ id: block.id, name: block.name, input: block.input }] : [],
  );
  const reason = message.stop_reason;
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return text
        ? { kind: 'answer', text }
        : { kind: 'stop', reason: 'unfinished', detail: `${reason} with no text` };
    case 'tool_use':
      return calls.length > 0
        ? { kind: 'toolCalls', calls, ...(text ? { text } : {}) }
        : { kind: 'stop', reason: 'unfinished', detail: 'tool_use with no tool calls' };
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return { kind: 'stop', reason: 'truncated', detail: reason };
    case 'refusal':
      return {
        kind: 'stop',
        reason: 'refused',
        detail: message.stop_details?.explanation ?? message.stop_details?.category ?? undefined,
      };
    // Server tools and compaction pause a turn; this agent uses neither, so it cannot go on.
    case 'pause_turn':
    case 'compaction':
      return { kind: 'stop', reason: 'unfinished', detail: reason };
    case null:
      return { kind: 'stop', reason: 'unfinished', detail: 'no stop reason' };
  }
  return assertNever(reason);
}

function assertNever(value: never): never {
  throw new Error(`Unhandled stop reason: ${String(value)}`);
}
