import { addDays, zonedInstant, zonedParts } from '@/lib/agent/bakery/calendar';
import { formatCents } from '@/lib/agent/bakery/money';

/**
 * The daily budget for model spend across all drafts. Decisions only: the caller reads the
 * bakery's settings and what was spent, and asks here whether another draft may call the model.
 */

/** The bakery's day that `now` falls in, as instants: [start, end). */
export function bakeryDay(now: Date, timeZone: string): { date: string; start: Date; end: Date } {
  const { date } = zonedParts(now, timeZone);
  return {
    date,
    start: zonedInstant(date, '00:00', timeZone),
    end: zonedInstant(addDays(date, 1), '00:00', timeZone),
  };
}

/** The budget in force: the owner's setting, or DRAFT_DAILY_DOLLARS when none is set. */
export function dailyLimitCents(input: { settingCents: number | null; defaultDollars: number }) {
  return input.settingCents ?? Math.round(input.defaultDollars * 100);
}

export type BudgetStatus = {
  limitCents: number;
  spentUsd: number;
  /** Past the limit: questions wait in the queue instead of calling the model. */
  reached: boolean;
  /** When the next bakery day starts and drafting resumes by itself. */
  resumesAt: Date;
};

/**
 * A draft that calls a paid model may start only while today's spend is under the limit. The
 * drafts already under way may finish, so the day can end a little over it: at most the
 * drafts in flight times DRAFT_MAX_DOLLARS.
 */
export function budgetStatus(input: {
  spentUsd: number;
  limitCents: number;
  dayEnd: Date;
}): BudgetStatus {
  return {
    limitCents: input.limitCents,
    spentUsd: input.spentUsd,
    reached: input.spentUsd * 100 >= input.limitCents,
    resumesAt: input.dayEnd,
  };
}

/** Why a question waits, in the words the inbox and the admin pages show. */
export function budgetReason(limitCents: number): string {
  return `Daily model budget of ${formatCents(limitCents)} reached; drafting resumes tomorrow, or sooner if an owner raises the budget.`;
}

/** Dollars spent, to the cent, as the admin pages show them. */
export function formatSpend(usd: number): string {
  return formatCents(Math.round(usd * 100));
}
