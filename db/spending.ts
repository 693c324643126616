import 'server-only';
import { and, gte, lt, sql } from 'drizzle-orm';
import { type BudgetStatus, bakeryDay, budgetStatus, dailyLimitCents } from '@/lib/spending/budget';
import { getDb } from './client';
import { agentRuns, bakery } from './schema';

/** What the model cost, across every draft, for runs that finished in [start, end). */
export function spentBetween({ start, end }: { start: Date; end: Date }): number {
  const row = getDb()
    .select({ usd: sql<number>`coalesce(sum(${agentRuns.costUsd}), 0)` })
    .from(agentRuns)
    .where(and(gte(agentRuns.finishedAt, start), lt(agentRuns.finishedAt, end)))
    .get();
  return row?.usd ?? 0;
}

/** Today's spend (the bakery's day) against the daily budget in force. */
export function budgetToday({
  now,
  defaultDollars,
}: {
  now: Date;
  defaultDollars: number;
}): BudgetStatus {
  const row = getDb()
    .select({ timezone: bakery.timezone, dailyBudgetCents: bakery.dailyBudgetCents })
    .from(bakery)
    .get();
  if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
  const day = bakeryDay(now, row.timezone);
  return budgetStatus({
    spentUsd: spentBetween(day),
    limitCents: dailyLimitCents({ settingCents: row.dailyBudgetCents, defaultDollars }),
    dayEnd: day.end,
  });
}
