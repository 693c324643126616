import { addCustomerMessage, type ThreadKey } from '@/db/conversations';
import { createQuestion } from '@/db/questions';
import type { Question } from '@/db/schema';
import { env } from '@/lib/env';
import { bearerKeyMatches } from '@/lib/intake/bearer-key';
import { fieldErrors, type IntakeApiInput, intakeApiSchema } from '@/lib/intake/question-input';
import { readJsonBody } from '@/lib/intake/read-json-body';
import { answeringWhileDatabaseAway } from '@/server/database-away';
import { publishDeskEvent } from '@/server/drafting/live';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 16 * 1024;

function problem(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
) {
  return Response.json({ error, ...extra }, { status, headers });
}

/**
 * The origin the caller used (Next's request.url names its own bind address instead). Behind
 * several proxies the forwarded headers are lists; the first entry is the client's. Anything
 * that does not make a URL falls back to the server's own address rather than failing a
 * question that is already stored.
 */
function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim() || undefined;
  const host = first('x-forwarded-host') ?? first('host') ?? url.host;
  const proto = first('x-forwarded-proto') === 'https' ? 'https' : url.protocol.replace(':', '');
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return url.origin;
  }
}

/**
 * The ticket link exists only in the answer that created the question: the desk keeps just
 * its hash, so a repeat of the same externalId answers without one.
 */
function created(
  question: Question,
  messageId: number | undefined,
  request: Request,
  status: 200 | 201,
  ticketToken?: string,
) {
  const origin = env().PUBLIC_BASE_URL ?? requestOrigin(request);
  return Response.json(
    {
      id: question.id,
      ...(messageId !== undefined ? { messageId } : {}),
      ...(ticketToken ? { ticketUrl: new URL(`/t/${ticketToken}`, origin).toString() } : {}),
      status: question.status,
    },
    { status },
  );
}

const reusedId = () =>
  problem(409, 'This externalId was already used for a different message; send a new externalId.');

/**
 * A message that continues a conversation: appended to it and queued for a new draft. Unknown
 * threads answer 404 and store nothing; a repeated externalId answers the message already stored.
 */
async function continueThread(request: Request, input: IntakeApiInput): Promise<Response> {
  const thread: ThreadKey = input.threadToken
    ? { token: input.threadToken }
    : { externalId: input.threadExternalId ?? '', channel: 'api' };
  const added = await addCustomerMessage({
    thread,
    text: input.text,
    channel: 'api',
    externalId: input.externalId ?? null,
  });
  if (!added.ok) {
    return problem(
      404,
      input.threadToken
        ? 'No conversation has this threadToken.'
        : 'No conversation started with this threadExternalId.',
    );
  }
  if (!added.created) {
    if (added.message.text !== input.text || added.message.author !== 'customer') return reusedId();
    return created(added.question, added.message.id, request, 200);
  }
  publishDeskEvent({ kind: 'queueChanged', questionId: added.question.id });
  return created(added.question, added.message.id, request, 201);
}

/**
 * Intake for other channels (an email forwarder, a web shop). Authorised by the bearer key in
 * INTAKE_API_KEY; idempotent per externalId, so a channel that retries creates one question.
 * While the database is away it answers 503 with Retry-After: the question and its first
 * message are stored in one transaction, so either both were stored or neither.
 */
export const POST = answeringWhileDatabaseAway('POST /api/questions', intake);

async function intake(request: Request): Promise<Response> {
  const key = env().INTAKE_API_KEY;
  if (!key) {
    return problem(
      503,
      'The intake API is turned off: set INTAKE_API_KEY on the server to use it.',
    );
  }
  if (!bearerKeyMatches(request.headers.get('authorization'), key)) {
    return problem(
      401,
      'Send the intake key as Authorization: Bearer <key>.',
      {},
      {
        'WWW-Authenticate': 'Bearer realm="intake"',
      },
    );
  }
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return problem(body.status, body.error);

  const parsed = intakeApiSchema.safeParse(body.value);
  if (!parsed.success) {
    return problem(400, 'Some fields are missing or not valid.', {
      fieldErrors: fieldErrors(parsed.error),
    });
  }
  if (parsed.data.threadToken !== undefined || parsed.data.threadExternalId !== undefined) {
    return continueThread(request, parsed.data);
  }
  const stored = await createQuestion({
    text: parsed.data.text,
    customerName: parsed.data.customer.name,
    customerEmail: parsed.data.customer.email,
    channel: 'api',
    externalId: parsed.data.externalId ?? null,
  });
  const { question } = stored;
  if (stored.created) {
    publishDeskEvent({ kind: 'queueChanged', questionId: question.id });
    return created(question, undefined, request, 201, stored.ticketToken);
  }
  // A retry carries the same question. The same id with other content is a different customer
  // (two channels numbering alike, say): never hand them the first customer's ticket.
  const sameQuestion =
    question.text === parsed.data.text &&
    question.customerName === parsed.data.customer.name &&
    question.customerEmail === parsed.data.customer.email;
  if (!sameQuestion) return reusedId();
  return created(question, undefined, request, 200);
}
