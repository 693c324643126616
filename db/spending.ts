import 'server-only';
import { and, gte, lt, sql } from 'drizzle-orm';
import { type BudgetStatus, bakeryDay, budgetStatus, dailyLimitCents } from '@/lib/spending/budget';
import { getDb } from './client';
import { agentRuns, bakery } from './schema';

/** What the model cost, across every draft, for runs that finished in [start, end). */
export async function spentBetween({ start, end }: { start: Date; end: Date }): Promise<number> {
  const [row] = await (await getDb())
    .select({ usd: sql<number>`coalesce(sum(${agentRuns.costUsd}), 0)` })
    .from(agentRuns)
    .where(and(gte(agentRuns.finishedAt, start), lt(agentRuns.finishedAt, end)));
  return row?.usd ?? 0;
}

/** Today's spend (the bakery's day) against the daily budget in force. */
export async function budgetToday({
  now,
  defaultDollars,
}: {
  now: Date;
  defaultDollars: number;
}): Promise<BudgetStatus> {
  const [row] = await (await getDb())
    .select({ timezone: bakery.timezone, dailyBudgetCents: bakery.dailyBudgetCents })
    .from(bakery)
    .limit(1);
  if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
  const day = bakeryDay(now, row.timezone);
  return budgetStatus({
    spentUsd: await spentBetween(day),
    limitCents: dailyLimitCents({ settingCents: row.dailyBudgetCents, defaultDollars }),
    dayEnd: day.end,
  });
}
