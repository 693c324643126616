import type {
  ChatCompletionContentPartText,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { ToolResult } from '../../types';

/** One message of the conversation being answered, as the model reads it. */
export type ThreadMessage = { author: 'customer' | 'bakery'; text: string };

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
  /** The desk's instruction for this draft, with when it arrived and when it is drafted. */
  instruction: string;
  /** The conversation, oldest first; its newest customer message is the one to answer. */
  thread: readonly ThreadMessage[];
  exchanges: readonly Exchange[];
};

/** The API takes no empty text; a blank message still reads as one rather than failing. */
const emptyMessage = '(the customer sent an empty message)';

/**
 * The whole request transcript, built from scratch each turn from data that only grows, so each
 * request starts with the previous one byte for byte (append-only, as the prompt cache needs).
 *
 * The system prompt comes first and alone. The thread follows as turns: a run of customer
 * messages is one user message with each message its own text part, verbatim, and a run of the
 * bakery's replies one assistant message, so roles alternate as strict chat templates want. The
 * instruction is the first part of the first user message, apart from the customer's words: a
 * part boundary is structure, so nothing a customer writes can end their message or speak as
 * the desk. Then each exchange: the model's message with its calls, and one tool message per
 * call, in the order the model asked, each under that call's id.
 */
export function chatMessages({
  system,
  instruction,
  thread,
  exchanges,
}: Transcript): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: system }];
  const instructionPart: ChatCompletionContentPartText = { type: 'text', text: instruction };
  if (thread[0]?.author !== 'customer') {
    messages.push({ role: 'user', content: [instructionPart] });
  }
  for (const run of runsOf(thread)) {
    if (run.author === 'customer') {
      const parts = run.texts.map(
        (text): ChatCompletionContentPartText => ({
          type: 'text',
          text: text.trim() === '' ? emptyMessage : text,
        }),
      );
      messages.push({
        role: 'user',
        content: messages.length === 1 ? [instructionPart, ...parts] : parts,
      });
    } else {
      messages.push({ role: 'assistant', content: run.texts.join('\n\n') });
    }
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

function runsOf(
  thread: readonly ThreadMessage[],
): { author: ThreadMessage['author']; texts: string[] }[] {
  const runs: { author: ThreadMessage['author']; texts: string[] }[] = [];
  for (const message of thread) {
    const last = runs.at(-1);
    if (last?.author === message.author) last.texts.push(message.text);
    else runs.push({ author: message.author, texts: [message.text] });
  }
  return runs;
}
