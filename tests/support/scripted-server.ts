/**
 * The skeleton every fake model API shares: an HTTP server on 127.0.0.1 that records each
 * request, checks it as the real API would (a refused request is answered at once and uses up
 * no scripted response) and otherwise plays a script of responses in order. `GET /__requests`
 * returns the recorded requests, `POST /__script` appends responses and `PUT /__script` replaces
 * those not yet played, for tests that drive a fake from another process.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest<Refusal> = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | null;
  /** Set when the fake refused the request as the real API would. */
  refusal?: Refusal;
};

export type ScriptedServer<Response, Refusal> = {
  /** The server's root, http://127.0.0.1:PORT. */
  url: string;
  requests: RecordedRequest<Refusal>[];
  /** Adds responses to the end of the script. */
  push(...responses: Response[]): void;
  close(): Promise<void>;
};

export async function startScriptedServer<Response, Refusal>({
  script,
  whenEmpty,
  port,
  refusalOf,
  answerRefusal,
  respond,
}: {
  script: Response[];
  /** Played when the script has run out. */
  whenEmpty: Response;
  port: number;
  refusalOf: (body: Record<string, unknown> | null) => Refusal | null;
  /** The status and JSON body the real API answers a refused request with. */
  answerRefusal: (
    refusal: Refusal,
    number: number,
  ) => { status: number; body: unknown; headers?: Record<string, string> };
  /** Plays one scripted response; `number` counts the requests so far, for ids. */
  respond: (
    response: ServerResponse,
    next: Response,
    body: Record<string, unknown> | null,
    number: number,
  ) => Promise<void>;
}): Promise<ScriptedServer<Response, Refusal>> {
  const queue = [...script];
  const requests: RecordedRequest<Refusal>[] = [];
  const open = new Set<ServerResponse>();

  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const path = request.url ?? '/';
    if (request.method === 'GET' && path === '/__requests') {
      return json(response, 200, requests);
    }
    if (request.method === 'POST' && path === '/__script') {
      queue.push(...(JSON.parse(text) as Response[]));
      return json(response, 200, { queued: queue.length });
    }
    // Replaces whatever is left, so a test that drives a shared fake owns what it plays.
    if (request.method === 'PUT' && path === '/__script') {
      queue.splice(0, queue.length, ...(JSON.parse(text) as Response[]));
      return json(response, 200, { queued: queue.length });
    }
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const refusal = refusalOf(body) ?? undefined;
    requests.push({ method: request.method ?? '', path, headers: request.headers, body, refusal });
    if (refusal) {
      const answer = answerRefusal(refusal, requests.length);
      return json(response, answer.status, answer.body, answer.headers);
    }
    const next = queue.shift() ?? whenEmpty;
    open.add(response);
    response.on('close', () => open.delete(response));
    await respond(response, next, body, requests.length);
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    push: (...responses) => queue.push(...responses),
    close: () =>
      new Promise((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Cuts text into pieces of `size` characters (at least one piece, maybe empty). */
export function piecesOf(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}
