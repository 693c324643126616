import { env } from '@/lib/env';
import { metricsAccess } from '@/lib/metrics/access';
import { deskMetrics } from '@/server/metrics/desk-metrics';

export const dynamic = 'force-dynamic';

/**
 * Prometheus metrics (README "Metrics"): answered to a client on this machine, or to anyone
 * with METRICS_TOKEN as a bearer token (lib/metrics/access.ts). Everyone else gets 403 and
 * nothing of the figures; the database is not even read for them.
 */
export async function GET(request: Request): Promise<Response> {
  const config = env();
  const peerHeader = (globalThis as { __deskPeerHeader?: string }).__deskPeerHeader;
  const access = metricsAccess({
    peer: peerHeader ? request.headers.get(peerHeader) : null,
    trusted: config.trustedProxies,
    authorization: request.headers.get('authorization'),
    token: config.METRICS_TOKEN,
  });
  if (access === 'refused') {
    return new Response('Metrics are answered on this machine only, or with the metrics token.\n', {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const { text, type } = await deskMetrics();
  return new Response(text, { headers: { 'content-type': type, 'cache-control': 'no-store' } });
}
