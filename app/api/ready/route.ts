import { checkReadiness } from '@/server/readiness';

export const dynamic = 'force-dynamic';

/**
 * Readiness, for a load balancer or an operator: 200 `{ ready: true, … }` when the database
 * answers, its migrations are this code's latest and each mail channel set up is healthy; else
 * 503 naming the checks that failed. Public, like `/api/health`: it names states, never a
 * server, an address or an error's text (those go to the log).
 */
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  return Response.json(readiness, {
    status: readiness.ready ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
}
