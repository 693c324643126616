/**
 * The intake baseline: the same bearer check, body limit, zod validation and insert as
 * POST /api/questions, on bare node:http and better-sqlite3, with nothing else in the way.
 * Run as its own process: `node --import tsx bench/support/baseline-intake-server.ts`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import { bearerKeyMatches } from '../../lib/intake/bearer-key';
import { fieldErrors, intakeApiSchema } from '../../lib/intake/question-input';

const MAX_BODY_BYTES = 16 * 1024;
const databasePath = process.env.DATABASE_PATH ?? '';
const apiKey = process.env.INTAKE_API_KEY ?? '';
const port = Number(process.env.PORT);

const sqlite = new Database(databasePath);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('synchronous = NORMAL');

const insert = sqlite.prepare(
  `insert into questions (text, customer_name, customer_email, channel, external_id, ticket_token,
     status, received_at, last_message_at, updated_at)
   values (?, ?, ?, 'api', ?, ?, 'queued', ?, ?, ?)
   on conflict do nothing returning *`,
);
const insertMessage = sqlite.prepare(
  `insert into messages (question_id, author, channel, text, external_id, at)
   values (?, 'customer', 'api', ?, ?, ?)`,
);
// The desk writes a conversation and its first message together; so does the baseline.
const open = sqlite.transaction(
  (text: string, name: string, email: string | null, externalId: string | null, now: number) => {
    const row = insert.get(
      text,
      name,
      email,
      externalId,
      randomBytes(24).toString('base64url'),
      now,
      now,
      now,
    ) as Row | undefined;
    if (row) insertMessage.run(row.id, text, externalId, now);
    return row;
  },
);
const existing = sqlite.prepare(
  "select * from questions where channel = 'api' and external_id = ?",
);

type Row = { id: number; ticket_token: string; status: string };

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
  });
}

async function intake(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (!bearerKeyMatches(request.headers.authorization ?? null, apiKey)) {
    return send(response, 401, { error: 'Send the intake key as Authorization: Bearer <key>.' });
  }
  const text = await readBody(request);
  if (text === undefined) return send(response, 413, { error: 'The body is too large.' });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return send(response, 400, { error: 'The body is not JSON.' });
  }
  const parsed = intakeApiSchema.safeParse(value);
  if (!parsed.success) {
    return send(response, 400, {
      error: 'Some fields are missing or not valid.',
      fieldErrors: fieldErrors(parsed.error),
    });
  }
  const now = Date.now();
  const externalId = parsed.data.externalId ?? null;
  const inserted = open(
    parsed.data.text,
    parsed.data.customer.name,
    parsed.data.customer.email,
    externalId,
    now,
  );
  const row = inserted ?? (existing.get(externalId) as Row);
  send(response, inserted ? 201 : 200, {
    id: row.id,
    ticketUrl: `http://${request.headers.host}/t/${row.ticket_token}`,
    status: row.status,
  });
}

createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/health') return send(response, 200, {});
  if (request.method === 'POST' && request.url === '/api/questions') {
    intake(request, response).catch((error: unknown) =>
      send(response, 500, { error: String(error) }),
    );
    return;
  }
  send(response, 404, { error: 'Not found.' });
}).listen(port, '127.0.0.1');

process.on('SIGTERM', () => {
  sqlite.close();
  process.exit(0);
});
