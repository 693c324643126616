import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

/**
 * Next.js's own floor for `npm run bench`: a POST that reads its body and answers, with nothing
 * of the desk's behind it, served by the same production server as the intake API, so intake's
 * cost is measured against what any route costs here. Absent unless BENCH_FLOOR=on.
 */
export async function POST(request: Request): Promise<Response> {
  if (env().BENCH_FLOOR !== 'on') {
    return Response.json({ error: 'notFound' }, { status: 404 });
  }
  await request.text();
  return Response.json({ ok: true }, { status: 201 });
}
