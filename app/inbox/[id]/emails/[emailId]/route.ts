import { getInboundEmailSource } from '@/db/inbound-mail';
import { authorizeRoute } from '@/server/session';

export const dynamic = 'force-dynamic';

const ID = /^\d{1,12}$/;

/**
 * An email's original MIME, exactly as the mailbox held it, for staff and owners: to read what
 * the desk could not, or open an attachment in their own mail program. It downloads as a file
 * (never rendered here), so nothing in it runs on the desk's pages.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string; emailId: string }> },
): Promise<Response> {
  const auth = await authorizeRoute(request, { role: 'staff' });
  if (!auth.ok) return auth.response;
  const { id, emailId } = await params;
  const source =
    ID.test(id) && ID.test(emailId)
      ? await getInboundEmailSource({ questionId: Number(id), emailId: Number(emailId) })
      : undefined;
  if (!source) {
    return Response.json({ error: 'notFound', message: 'No such email.' }, { status: 404 });
  }
  return new Response(new Uint8Array(source.raw), {
    headers: {
      'content-type': 'message/rfc822',
      'content-disposition': `attachment; filename="conversation-${id}-email-${emailId}.eml"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
