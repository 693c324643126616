import type { Metadata } from 'next';
import { listNotFoundMenuLookups } from '@/db/insights';
import { listMenuItems } from '@/db/menu';
import { matchNames } from '@/lib/agent/bakery/names';
import { countUnsoldAsks } from '@/lib/bakery-facts/unsold-asks';
import { requireUser } from '@/server/session';
import { AdminFrame } from '../_components/admin-frame';

export const metadata: Metadata = { title: 'Asked for, not sold' };

const DAYS = 30;

export default async function InsightsPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/insights' });
  const since = new Date(Date.now() - DAYS * 24 * 60 * 60 * 1000);
  const asks = countUnsoldAsks(listNotFoundMenuLookups({ since }));
  const menu = listMenuItems();
  return (
    <AdminFrame
      user={user}
      title="What customers ask for that you don’t sell"
      intro={`Things drafts looked up on the menu and did not find, over the last ${DAYS} days. Each customer question counts once, however often it was drafted.`}
    >
      <ol className="flex flex-col gap-1" data-testid="unsold-asks">
        {asks.map((ask) => (
          <li key={ask.key} data-testid="unsold-ask" className="flex flex-wrap gap-x-2">
            <span>
              <span className="font-semibold">{ask.name}</span>: {ask.asks}{' '}
              {ask.asks === 1 ? 'ask' : 'asks'}
            </span>
            {matchNames(ask.name, menu).length > 0 ? (
              <span className="text-sm text-stone-700">(on the menu now)</span>
            ) : null}
          </li>
        ))}
        {asks.length === 0 ? (
          <li>Nothing yet: every item customers asked for was on the menu.</li>
        ) : null}
      </ol>
    </AdminFrame>
  );
}
