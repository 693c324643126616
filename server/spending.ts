import 'server-only';
import { budgetToday } from '@/db/spending';
import { env } from '@/lib/env';
import type { BudgetStatus } from '@/lib/spending/budget';
import { currentModelChoice } from './drafting/model-choice';

/**
 * Today's model spend for the pages. Only a paid model is held back by the budget: with the
 * offline drafter every draft costs nothing and none waits, so there is nothing to show.
 */
export async function spendingToday(now = new Date()): Promise<BudgetStatus & { paid: boolean }> {
  const config = env();
  return {
    ...(await budgetToday({ now, defaultDollars: config.DRAFT_DAILY_DOLLARS })),
    paid: (await currentModelChoice()).provider !== 'offline',
  };
}
