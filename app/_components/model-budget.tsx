import { budgetReason, formatSpend } from '@/lib/spending/budget';
import { spendingToday } from '@/server/spending';

/**
 * Why queued questions are not being drafted, once the day's model budget is spent. Shown in
 * the inbox, and on the question page of a question that waits.
 */
export async function ModelBudgetReached() {
  const spending = await spendingToday();
  if (!spending.paid || !spending.reached) return null;
  return (
    <p
      role="status"
      data-testid="budget-reached"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      {budgetReason(spending.limitCents)} Questions wait in the queue until then.
    </p>
  );
}

/** The owner's view of today's model spend on every admin page. */
export async function ModelSpendToday() {
  const spending = await spendingToday();
  if (!spending.paid) return null;
  const figures = `Model spend today: ${formatSpend(spending.spentUsd)} of ${formatSpend(spending.limitCents / 100)}.`;
  return (
    <p
      data-testid="model-spend"
      className={
        spending.reached
          ? 'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
          : 'text-sm text-stone-600'
      }
    >
      {figures}{' '}
      {spending.reached ? (
        <>
          {budgetReason(spending.limitCents)} Raise it in{' '}
          <a href="/admin/settings" className="underline">
            Settings
          </a>
          .
        </>
      ) : null}
    </p>
  );
}
