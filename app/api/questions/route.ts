import { createQuestion } from '@/db/questions';
import type { Question } from '@/db/schema';
import { publishDeskEvent } from '@/lib/drafting/live';
import { env } from '@/lib/env';
import { bearerKeyMatches } from '@/lib/intake/bearer-key';
import { fieldErrors, intakeApiSchema } from '@/lib/intake/question-input';
import { readJsonBody } from '@/lib/intake/read-json-body';

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

/** The origin the caller used (Next's request.url names its own bind address instead). */
function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host;
  const proto = request.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return `${proto}://${host}`;
}

function created(question: Question, request: Request, status: 200 | 201) {
  const origin = env().PUBLIC_BASE_URL ?? requestOrigin(request);
  return Response.json(
    {
      id: question.id,
      ticketUrl: new URL(`/t/${question.ticketToken}`, origin).toString(),
      status: question.status,
    },
    { status },
  );
}

/**
 * Intake for other channels (an email forwarder, a web shop). Authorised by the bearer key in
 * INTAKE_API_KEY; idempotent per externalId, so a channel that retries creates one question.
 */
export async function POST(request: Request): Promise<Response> {
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
  const { question, created: isNew } = createQuestion({
    text: parsed.data.text,
    customerName: parsed.data.customer.name,
    customerEmail: parsed.data.customer.email,
    channel: 'api',
    externalId: parsed.data.externalId ?? null,
  });
  if (isNew) publishDeskEvent({ kind: 'queueChanged', questionId: question.id });
  return created(question, request, isNew ? 201 : 200);
}
