import type { Metadata } from 'next';
import Link from 'next/link';
import { insightsRange, loadPersonFigures } from '@/server/insights';
import { requireUser } from '@/server/session';
import {
  EditsFigure,
  ReplyTimesFigure,
  TopicsFigure,
} from '../../_components/insights/person-figures';
import { RangeForm } from '../../_components/insights/range-form';
import { AppShell } from '../../_shell/app-shell';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'My figures' };

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * A person's own figures: how fast they answered and how much they changed the drafts. Staff
 * see only their own replies; owners see everyone's (and every figure on /admin/insights).
 */
export default async function StatsPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser({ role: 'staff', returnTo: '/inbox/stats' });
  const { range, error, days } = await insightsRange(await searchParams);
  const everyone = user.role === 'owner';
  const figures = await loadPersonFigures(days, everyone ? undefined : user.id);
  return (
    <AppShell user={user} wide>
      <h1 className="text-2xl font-semibold">{everyone ? 'Everyone’s figures' : 'My figures'}</h1>
      <p className="text-stone-700" data-testid="stats-scope">
        {everyone ? (
          <>
            Every reply the desk sent. The whole dashboard is on{' '}
            <Link href="/admin/insights" className="underline">
              Insights
            </Link>
            .
          </>
        ) : (
          `The questions you answered first and the replies you sent, ${user.name}.`
        )}
      </p>
      <RangeForm action="/inbox/stats" range={range} error={error} />
      <ReplyTimesFigure replyTimes={figures.replyTimes} whose={everyone ? 'the' : 'your'} />
      <EditsFigure edits={figures.edits} />
      <TopicsFigure topics={figures.topics} />
    </AppShell>
  );
}
