import { alertSummary } from '@/db/alerts';
import { authorizeRoute } from '@/server/session';

export const dynamic = 'force-dynamic';

/**
 * What an open staff page's tab reads when the live feed says the queue changed: the count
 * needing review and the newest questions waiting, for its title, icon and alerts.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRoute(request, { role: 'staff' });
  if (!auth.ok) return auth.response;
  return Response.json(await alertSummary(), { headers: { 'cache-control': 'no-store' } });
}
