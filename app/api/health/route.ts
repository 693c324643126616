import { checkDatabase } from '@/db/health';

export const dynamic = 'force-dynamic';

/** Public by design: a load balancer asks it, and it tells nothing about customers. */
export function GET(): Response {
  const health = checkDatabase();
  if (health.ok) return Response.json({ ok: true, database: 'ready' });
  return Response.json({ ok: false, reason: health.reason }, { status: 503 });
}
