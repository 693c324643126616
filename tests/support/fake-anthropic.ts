/**
 * A fake Anthropic Messages API on 127.0.0.1, for tests of anything that talks to Claude. It
 * first checks each request as the real API does (`messages-api-rules.ts`) and refuses a bad
 * one with the API's error, without using up the script; otherwise it plays a script of
 * responses in order (streamed messages, error statuses, stalls, dropped connections) and records
 * every request. Plain Node: vitest, Playwright and a bare process can all use it.
 */
import type { ServerResponse } from 'node:http';
import { type Refusal, refusalOf } from './messages-api-rules';
import {
  json,
  piecesOf,
  type RecordedRequest as Recorded,
  type ScriptedServer,
  startScriptedServer,
} from './scripted-server';

export type FakeBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export type FakeUsage = {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
};

export type FakeResponse =
  /** A message, streamed as server-sent events when the request asks for a stream. */
  | {
      kind: 'message';
      content: FakeBlock[];
      stop_reason: string | null;
      stop_details?: Record<string, unknown> | null;
      usage?: FakeUsage;
      model?: string;
      /** Text and JSON deltas are cut into pieces this long (default 8). */
      chunkSize?: number;
      /** A pause between events, to make streaming visible. */
      eventDelayMs?: number;
    }
  /** An error status with Anthropic's error body; `headers` such as retry-after-ms. */
  | {
      kind: 'error';
      status: number;
      type?: string;
      message?: string;
      headers?: Record<string, string>;
    }
  /** Sends the stream's headers (and `events` of the message first, if given), then nothing. */
  | { kind: 'stall'; events?: number }
  /** Closes the connection without answering, as an unreachable or crashed server would. */
  | { kind: 'hangUp' };

export type RecordedRequest = Recorded<Refusal>;

export type FakeAnthropic = ScriptedServer<FakeResponse, Refusal>;

const exhausted: FakeResponse = {
  kind: 'error',
  status: 500,
  type: 'api_error',
  message: 'the fake Messages API has no scripted response left',
  headers: { 'x-should-retry': 'false' },
};

/** Starts the fake on a random port (see `startScriptedServer` for its own routes). */
export function startFakeAnthropic({
  script = [],
  whenEmpty = exhausted,
  port = 0,
}: {
  script?: FakeResponse[];
  /** Played when the script has run out; an error unless told otherwise. */
  whenEmpty?: FakeResponse;
  port?: number;
} = {}): Promise<FakeAnthropic> {
  return startScriptedServer<FakeResponse, Refusal>({
    script,
    whenEmpty,
    port,
    refusalOf,
    answerRefusal: (refusal, number) => ({
      status: refusal.status,
      body: { type: 'error', error: { type: refusal.type, message: refusal.message } },
      headers: { 'request-id': `req_fake_${number}` },
    }),
    respond: (response, next, body, number) =>
      respond(response, next, body?.stream === true, number),
  });
}

async function respond(
  response: ServerResponse,
  next: FakeResponse,
  stream: boolean,
  number: number,
): Promise<void> {
  if (next.kind === 'hangUp') {
    response.socket?.destroy();
    return;
  }
  if (next.kind === 'error') {
    return json(
      response,
      next.status,
      {
        type: 'error',
        error: { type: next.type ?? 'api_error', message: next.message ?? `error ${next.status}` },
      },
      { 'request-id': `req_fake_${number}`, ...next.headers },
    );
  }
  const message =
    next.kind === 'message'
      ? next
      : { kind: 'message' as const, content: [], stop_reason: 'end_turn' };
  if (!stream) {
    return json(response, 200, messageBody(message, number, true));
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'request-id': `req_fake_${number}`,
  });
  response.flushHeaders();
  const events = streamEvents(message, number);
  const limit = next.kind === 'stall' ? (next.events ?? 0) : events.length;
  const delay = next.kind === 'message' ? (next.eventDelayMs ?? 0) : 0;
  for (const event of events.slice(0, limit)) {
    if (response.destroyed) return;
    response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  }
  // A stall leaves the response open until the client gives up or the fake closes.
  if (next.kind !== 'stall') response.end();
}

type ScriptedMessage = Extract<FakeResponse, { kind: 'message' }>;

function usageOf(message: ScriptedMessage) {
  return {
    input_tokens: message.usage?.input_tokens ?? 10,
    output_tokens: message.usage?.output_tokens ?? 5,
    cache_read_input_tokens: message.usage?.cache_read_input_tokens ?? 0,
    cache_creation_input_tokens: message.usage?.cache_creation_input_tokens ?? 0,
  };
}

function messageBody(message: ScriptedMessage, number: number, complete: boolean) {
  return {
    id: `msg_fake_${number}`,
    type: 'message',
    role: 'assistant',
    model: message.model ?? 'claude-opus-5-5',
    content: complete ? message.content.map(fullBlock) : [],
    stop_reason: complete ? message.stop_reason : null,
    stop_sequence: null,
    stop_details: complete ? (message.stop_details ?? null) : null,
    container: null,
    context_management: null,
    diagnostics: null,
    usage: complete ? usageOf(message) : { ...usageOf(message), output_tokens: 1 },
  };
}

/** Blocks as the API returns them, with the fields the SDK's types require. */
function fullBlock(block: FakeBlock) {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text, citations: null };
    case 'thinking':
      return block;
    case 'tool_use':
      return { ...block, caller: { type: 'direct' } };
  }
}

/** The event order the API uses: start, each block's start/deltas/stop, delta, stop. */
export function streamEvents(message: ScriptedMessage, number = 1): Record<string, unknown>[] {
  const size = message.chunkSize ?? 8;
  const pieces = (text: string) => piecesOf(text, size);
  const events: Record<string, unknown>[] = [
    { type: 'message_start', message: messageBody(message, number, false) },
  ];
  message.content.forEach((block, index) => {
    const full = fullBlock(block);
    if (block.type === 'text') {
      events.push({ type: 'content_block_start', index, content_block: { ...full, text: '' } });
      for (const text of pieces(block.text)) {
        events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
      }
    } else if (block.type === 'thinking') {
      events.push({
        type: 'content_block_start',
        index,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      });
      for (const thinking of pieces(block.thinking)) {
        events.push({
          type: 'content_block_delta',
          index,
          delta: { type: 'thinking_delta', thinking },
        });
      }
      events.push({
        type: 'content_block_delta',
        index,
        delta: { type: 'signature_delta', signature: block.signature },
      });
    } else {
      events.push({ type: 'content_block_start', index, content_block: { ...full, input: {} } });
      for (const partial_json of pieces(JSON.stringify(block.input))) {
        events.push({
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json },
        });
      }
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push({
    type: 'message_delta',
    delta: {
      stop_reason: message.stop_reason,
      stop_sequence: null,
      stop_details: message.stop_details ?? null,
    },
    usage: usageOf(message),
  });
  events.push({ type: 'message_stop' });
  return events;
}

/** Shorthands for scripts. */
export const fake = {
  text: (text: string, usage?: FakeUsage): FakeResponse => ({
    kind: 'message',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    usage,
  }),
  toolUse: (
    calls: { id: string; name: string; input: Record<string, unknown> }[],
    usage?: FakeUsage,
  ): FakeResponse => ({
    kind: 'message',
    content: calls.map((call) => ({ type: 'tool_use', ...call })),
    stop_reason: 'tool_use',
    usage,
  }),
  stop: (stop_reason: string | null, text = ''): FakeResponse => ({
    kind: 'message',
    content: text ? [{ type: 'text', text }] : [],
    stop_reason,
  }),
  error: (status: number, type: string, message: string, headers?: Record<string, string>) =>
    ({ kind: 'error', status, type, message, headers }) satisfies FakeResponse,
};
