import 'server-only';
import { and, eq, gte } from 'drizzle-orm';
import type { NotFoundLookup } from '@/lib/bakery-facts/unsold-asks';
import { getDb } from './client';
import { agentRuns, toolCalls } from './schema';

/**
 * Every `menu_item` lookup that found nothing in runs started since `since`, with the run's
 * question, so asks can be counted per question (lib/bakery-facts/unsold-asks.ts).
 */
export function listNotFoundMenuLookups({ since }: { since: Date }): NotFoundLookup[] {
  return getDb()
    .select({ questionId: agentRuns.questionId, input: toolCalls.input })
    .from(toolCalls)
    .innerJoin(agentRuns, eq(agentRuns.id, toolCalls.runId))
    .where(
      and(
        eq(toolCalls.toolName, 'menu_item'),
        eq(toolCalls.errorKind, 'notFound'),
        gte(agentRuns.startedAt, since),
      ),
    )
    .all();
}
