import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ThreadTurn, ToolResult } from '../../types';
import { conversationTurns } from '../claude/prompt';

/** A tool call exactly as the model wrote it; its arguments go back byte for byte. */
export type WrittenCall = { id: string; name: string; arguments: string };

/** One answered turn of the model: what it wrote, and the results of the calls it asked for. */
export type Exchange = {
  text: string;
  calls: readonly WrittenCall[];
  /** Absent until the calls have run (and on the turn being asked now). */
  results?: readonly ToolResult[];
};

export type Transcript = {
  system: string;
  /** When the newest message arrived and when it is drafted, in words. */
  timing?: string;
  /** The conversation before the newest customer message, oldest first. */
  earlier: readonly ThreadTurn[];
  /** The customer's newest message: the one to answer. */
  newest: string;
  /** Staff's notes on the conversation: labelled context, never among the customer's messages. */
  notes?: readonly string[];
  exchanges: readonly Exchange[];
};

/**
 * The whole request transcript, built from scratch each turn from data that only grows, so each
 * request starts with the previous one byte for byte (append-only, as the prompt cache needs).
 *
 * The system prompt comes first and alone. The conversation follows in the same turns Claude
 * reads (`conversationTurns`): each customer message verbatim in its own text part, right after
 * a part of ours that introduces it, so nothing a customer writes can end their message or speak
 * as the desk; the bakery's sent replies as the assistant's turns; neighbouring messages of one
 * side in one turn, so roles alternate as strict chat templates want; the newest message last,
 * with the task. Then each exchange: the model's message with its calls, and one tool message
 * per call, in the order the model asked, each under that call's id.
 */
export function chatMessages({
  system,
  timing,
  earlier,
  newest,
  notes = [],
  exchanges,
}: Transcript): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: system }];
  for (const turn of conversationTurns(earlier, newest, timing, notes)) {
    messages.push(
      turn.role === 'user'
        ? { role: 'user', content: turn.content }
        : // Plain text: every compatible server reads an assistant turn as a string.
          { role: 'assistant', content: turn.content.map((part) => part.text).join('\n\n') },
    );
  }
  for (const exchange of exchanges) {
    messages.push(assistantMessage(exchange));
    if (!exchange.results) continue;
    for (const call of exchange.calls) {
      const result = exchange.results.find((r) => r.callId === call.id);
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: result ? toolContent(result) : 'Error: this call was not run.',
      });
    }
  }
  return messages;
}

function assistantMessage({ text, calls }: Exchange): ChatCompletionMessageParam {
  return {
    role: 'assistant',
    content: text === '' ? null : text,
    ...(calls.length > 0
      ? {
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: call.arguments },
          })),
        }
      : {}),
  };
}

/** Chat Completions has no error flag on a tool message: an error says so in its first word. */
function toolContent(result: ToolResult): string {
  return result.isError
    ? `Error${result.errorKind ? ` (${result.errorKind})` : ''}: ${result.content}`
    : result.content;
}
