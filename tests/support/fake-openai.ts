/**
 * A fake Chat Completions API (OpenAI's, or any compatible server's) on 127.0.0.1, for tests of
 * the OpenAI-compatible provider. It first checks each request as the real API does
 * (`chat-completions-rules.ts`) and refuses a bad one with OpenAI's error shape, without using
 * up the script; otherwise it plays a script of completions in order (streamed as chunks when
 * the request asks for a stream), error statuses, stalls and dropped connections, and records
 * every request. Plain Node: vitest, Playwright and a bare process can all use it.
 */
import type { ServerResponse } from 'node:http';
import {
  type ChatRefusal,
  type ChatRules,
  chatRefusalOf,
  knownModel,
} from './chat-completions-rules';
import {
  json,
  piecesOf,
  type RecordedRequest,
  type ScriptedServer,
  startScriptedServer,
} from './scripted-server';

export type FakeCall = {
  /** Left out, the call comes without an id, as some compatible servers send it. */
  id?: string;
  name: string;
  /** An object is sent as its JSON; a string exactly as written (even if it is not JSON). */
  arguments: Record<string, unknown> | string;
};

export type FakeChatUsage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  cached_tokens?: number;
};

export type FakeChatResponse =
  /** A completion, streamed as chunks when the request asks for a stream. */
  | {
      kind: 'completion';
      text?: string;
      calls?: FakeCall[];
      refusal?: string;
      finish_reason: string | null;
      usage?: FakeChatUsage;
      /** The model the response names; the request's by default. */
      model?: string;
      /** Text and arguments are cut into pieces this long (default 8). */
      chunkSize?: number;
      /** A pause between chunks, to make streaming visible. */
      chunkDelayMs?: number;
    }
  /** An error status with OpenAI's error body; `headers` such as retry-after-ms. */
  | {
      kind: 'error';
      status: number;
      type?: string;
      code?: string | null;
      message?: string;
      headers?: Record<string, string>;
    }
  /** Sends the stream's headers (and `chunks` of the completion first, if given), then nothing. */
  | { kind: 'stall'; chunks?: number }
  /** Closes the connection without answering, as an unreachable or crashed server would. */
  | { kind: 'hangUp' };

export type ChatRequest = RecordedRequest<ChatRefusal>;
export type FakeOpenAI = ScriptedServer<FakeChatResponse, ChatRefusal> & {
  /** The base URL to give the SDK: the server's /v1. */
  baseURL: string;
};

const exhausted: FakeChatResponse = {
  kind: 'error',
  status: 500,
  type: 'server_error',
  message: 'the fake Chat Completions API has no scripted response left',
  headers: { 'x-should-retry': 'false' },
};

const errorBody = (message: string, type: string, code: string | null, param: string | null) => ({
  error: { message, type, param, code },
});

/** Starts the fake on a random port (see `startScriptedServer` for its own routes). */
export async function startFakeOpenAI({
  script = [],
  whenEmpty = exhausted,
  port = 0,
  models,
  dialect,
}: {
  script?: FakeChatResponse[];
  /** Played when the script has run out; an error unless told otherwise. */
  whenEmpty?: FakeChatResponse;
  port?: number;
  /** Model ids it serves besides OpenAI's priced ones (a local server's, say). */
  models?: string[];
  dialect?: ChatRules['dialect'];
} = {}): Promise<FakeOpenAI> {
  const rules: ChatRules = {
    dialect,
    ...(models
      ? { isKnownModel: (model: string) => models.includes(model) || knownModel(model) }
      : {}),
  };
  const server = await startScriptedServer<FakeChatResponse, ChatRefusal>({
    script,
    whenEmpty,
    port,
    refusalOf: (body) => chatRefusalOf(body, rules),
    answerRefusal: (refusal, number) => ({
      status: refusal.status,
      body: errorBody(refusal.message, refusal.type, refusal.code, refusal.param),
      headers: { 'x-request-id': `req_fake_${number}` },
    }),
    respond: (response, next, body, number) => respond(response, next, body, number),
  });
  return { ...server, baseURL: `${server.url}/v1` };
}

async function respond(
  response: ServerResponse,
  next: FakeChatResponse,
  body: Record<string, unknown> | null,
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
      errorBody(
        next.message ?? `error ${next.status}`,
        next.type ?? 'server_error',
        next.code ?? null,
        null,
      ),
      { 'x-request-id': `req_fake_${number}`, ...next.headers },
    );
  }
  const completion: Extract<FakeChatResponse, { kind: 'completion' }> =
    next.kind === 'completion' ? next : { kind: 'completion', text: '', finish_reason: 'stop' };
  const model = completion.model ?? String(body?.model ?? 'gpt-4.1');
  if (body?.stream !== true) {
    return json(response, 200, completionBody(completion, model, number));
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'x-request-id': `req_fake_${number}`,
  });
  response.flushHeaders();
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  const chunks = streamChunks(completion, model, number, options?.include_usage === true);
  const limit = next.kind === 'stall' ? (next.chunks ?? 0) : chunks.length;
  const delay = next.kind === 'completion' ? (next.chunkDelayMs ?? 0) : 0;
  for (const chunk of chunks.slice(0, limit)) {
    if (response.destroyed) return;
    response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  }
  // A stall leaves the response open until the client gives up or the fake closes.
  if (next.kind === 'stall') return;
  response.write('data: [DONE]\n\n');
  response.end();
}

type ScriptedCompletion = Extract<FakeChatResponse, { kind: 'completion' }>;

function usageOf(completion: ScriptedCompletion) {
  const prompt = completion.usage?.prompt_tokens ?? 10;
  const output = completion.usage?.completion_tokens ?? 5;
  return {
    prompt_tokens: prompt,
    completion_tokens: output,
    total_tokens: prompt + output,
    prompt_tokens_details: { cached_tokens: completion.usage?.cached_tokens ?? 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
  };
}

const argumentsOf = (call: FakeCall) =>
  typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);

function completionBody(completion: ScriptedCompletion, model: string, number: number) {
  const calls = completion.calls ?? [];
  return {
    id: `chatcmpl-fake-${number}`,
    object: 'chat.completion',
    created: 1_764_600_000,
    model,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: completion.text || null,
          refusal: completion.refusal ?? null,
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((call, i) => ({
                  id: call.id ?? `call_fake_${number}_${i}`,
                  type: 'function',
                  function: { name: call.name, arguments: argumentsOf(call) },
                })),
              }
            : {}),
        },
        logprobs: null,
        finish_reason: completion.finish_reason,
      },
    ],
    usage: usageOf(completion),
  };
}

/**
 * The chunks the API streams: the role, the text in pieces, each call's id and name and then its
 * arguments in pieces, the finish reason, and (when asked for) the usage with no choices.
 */
export function streamChunks(
  completion: ScriptedCompletion,
  model: string,
  number = 1,
  includeUsage = true,
): Record<string, unknown>[] {
  const size = completion.chunkSize ?? 8;
  const chunk = (delta: Record<string, unknown>, finish_reason: string | null = null) => ({
    id: `chatcmpl-fake-${number}`,
    object: 'chat.completion.chunk',
    created: 1_764_600_000,
    model,
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: Record<string, unknown>[] = [
    chunk({ role: 'assistant', content: '', refusal: null }),
  ];
  if (completion.text) {
    for (const content of piecesOf(completion.text, size)) chunks.push(chunk({ content }));
  }
  if (completion.refusal) {
    for (const refusal of piecesOf(completion.refusal, size)) chunks.push(chunk({ refusal }));
  }
  for (const [index, call] of (completion.calls ?? []).entries()) {
    chunks.push(
      chunk({
        tool_calls: [
          {
            index,
            ...(call.id === undefined ? {} : { id: call.id }),
            type: 'function',
            function: { name: call.name, arguments: '' },
          },
        ],
      }),
    );
    for (const piece of piecesOf(argumentsOf(call), size)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  }
  chunks.push(chunk({}, completion.finish_reason));
  if (includeUsage) {
    chunks.push({
      id: `chatcmpl-fake-${number}`,
      object: 'chat.completion.chunk',
      created: 1_764_600_000,
      model,
      system_fingerprint: null,
      choices: [],
      usage: usageOf(completion),
    });
  }
  return chunks;
}

/**
 * The seed question's two lookups in one turn, as a model asks for them: the rolls quoted for
 * Saturday at 9, and the croissants looked up on the menu.
 */
export const seedQuestionCalls: FakeCall[] = [
  {
    id: 'call_rolls',
    name: 'quote_order',
    arguments: {
      items: [{ name: 'sourdough rolls', quantity: 24 }],
      day: 'Saturday',
      time: '09:00',
    },
  },
  { id: 'call_croissants', name: 'menu_item', arguments: { name: 'croissants' } },
];

/** Shorthands for scripts. */
export const fakeChat = {
  text: (text: string, usage?: FakeChatUsage): FakeChatResponse => ({
    kind: 'completion',
    text,
    finish_reason: 'stop',
    usage,
  }),
  calls: (calls: FakeCall[], usage?: FakeChatUsage, text?: string): FakeChatResponse => ({
    kind: 'completion',
    calls,
    text,
    finish_reason: 'tool_calls',
    usage,
  }),
  finish: (finish_reason: string | null, text = ''): FakeChatResponse => ({
    kind: 'completion',
    text,
    finish_reason,
  }),
  error: (
    status: number,
    type: string,
    message: string,
    { code = null, headers }: { code?: string | null; headers?: Record<string, string> } = {},
  ): FakeChatResponse => ({ kind: 'error', status, type, code, message, headers }),
};
