import { listConversationRows } from '@/db/insights';
import { toCsv } from '@/lib/insights/figures';
import { insightsRange } from '@/server/insights';
import { authorizeRoute } from '@/server/session';

export const dynamic = 'force-dynamic';

const columns = [
  'question',
  'received_at',
  'channel',
  'status',
  'first_reply_at',
  'minutes_to_first_reply',
  'first_reply_by',
  'replies',
  'edit_distance',
  'edit_class',
  'discard_reason',
  'runs',
  'cost_usd',
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'needs_person_reason',
  'feedback_yes',
  'feedback_no',
];

/**
 * The rows under the owner's dashboard, as CSV: one per question that arrived in the range
 * (the same query string as /admin/insights). Figures only: no customer names, emails or texts.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRoute(request, { role: 'owner' });
  if (!auth.ok) return auth.response;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const { range, error, days } = await insightsRange(query);
  if (error) {
    return Response.json({ error: 'badRange', message: error }, { status: 400 });
  }
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const rows = (await listConversationRows({ days })).map((row) => [
    row.id,
    iso(row.receivedAt),
    row.channel,
    row.status,
    iso(row.firstReplyAt),
    row.firstReplyAt === null ? null : Math.round((row.firstReplyAt - row.receivedAt) / 600) / 100,
    row.firstReplyBy,
    row.replies,
    row.editDistance,
    row.editClass,
    row.discardReason,
    row.runs,
    Math.round(row.costUsd * 1_000_000) / 1_000_000,
    row.inputTokens,
    row.outputTokens,
    row.cacheReadTokens,
    row.needsPersonReason,
    row.feedbackYes,
    row.feedbackNo,
  ]);
  return new Response(toCsv([columns, ...rows]), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="desk-insights-${range.from}-to-${range.to}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
