import { readJsonBody } from '@/lib/intake/read-json-body';
import { presenceInput } from '@/lib/presence/input';
import { presenceHeartbeat, presenceLeave } from '@/server/presence';
import { authorizeRoute } from '@/server/session';

export const dynamic = 'force-dynamic';

/**
 * A question page's heartbeat ("I am here, typing or not") or goodbye, from staff and owners.
 * JSON only, so another site's form cannot post one in a signed-in person's name (a JSON body
 * from another origin needs a preflight this route never grants). Answers who is present now.
 */
export async function POST(request: Request): Promise<Response> {
  const auth = await authorizeRoute(request, { role: 'staff' });
  if (!auth.ok) return auth.response;
  const body = await readJsonBody(request, 1024);
  if (!body.ok) return Response.json({ error: body.error }, { status: body.status });
  const parsed = presenceInput.safeParse(body.value);
  if (!parsed.success) {
    return Response.json(
      { error: 'Send { kind: "here", tabId, questionId, typing } or { kind: "leave", tabId }.' },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const { id: userId, name } = auth.user;
  const items =
    input.kind === 'here'
      ? presenceHeartbeat({ ...input, userId, name })
      : presenceLeave({ tabId: input.tabId, userId });
  return Response.json({ items });
}
