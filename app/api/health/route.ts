import { checkDatabase } from '@/db/health';
import { logger } from '@/server/log';

export const dynamic = 'force-dynamic';

/** Public by design: a load balancer asks it, and it tells nothing about customers. */
export async function GET(): Promise<Response> {
  const health = await checkDatabase();
  if (health.ok) return Response.json({ ok: true, database: 'ready' });
  // The details are for the operator's log, not for whoever is asking.
  logger('health').error({ reason: health.reason }, 'the database is not available');
  return Response.json({ ok: false, reason: 'The database is not available.' }, { status: 503 });
}
