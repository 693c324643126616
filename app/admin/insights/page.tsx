import type { Metadata } from 'next';
import Link from 'next/link';
import { listMenuItems } from '@/db/menu';
import { matchNames } from '@/lib/agent/bakery/names';
import { needsPersonLabels } from '@/lib/inbox/groups';
import {
  channelLabels,
  chartPeriods,
  daysWithActivity,
  newKnowledgeHref,
  questionTitle,
  sumByPeriod,
} from '@/lib/insights/dashboard';
import { formatShare, formatWait } from '@/lib/insights/figures';
import { rangeSearch } from '@/lib/insights/range';
import { formatSpend } from '@/lib/spending/budget';
import { FEEDBACK_COMMENTS_LIMIT, insightsRange, loadDashboard } from '@/server/insights';
import { requireUser } from '@/server/session';
import { Figure, FigureTable, shortDate } from '../../_components/insights/figure';
import {
  EditsFigure,
  ReplyTimesFigure,
  TopicsFigure,
} from '../../_components/insights/person-figures';
import { RangeForm } from '../../_components/insights/range-form';
import { SatisfactionFigure } from '../../_components/insights/satisfaction-figure';
import { AdminFrame } from '../_components/admin-frame';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Insights' };

type Search = Promise<Record<string, string | string[] | undefined>>;

const tokens = (n: number) => n.toLocaleString('en-US');
const oneDecimal = (n: number | null) => (n === null ? '—' : n.toFixed(1));

export default async function InsightsPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/insights' });
  const { range, error, days, timezone } = await insightsRange(await searchParams);
  const d = await loadDashboard(days, timezone);
  const menu = await listMenuItems();
  const budgetUsd = d.budgetCents / 100;
  return (
    <AdminFrame
      user={user}
      title="Insights: is the desk helping?"
      intro="Questions, reply times, how much drafts are changed, whether customers found the answers helpful, model spend and what drafts could not answer, over a range of the bakery’s days."
    >
      <RangeForm action="/admin/insights" range={range} error={error} />
      <p>
        <a
          href={`/admin/insights/export?${rangeSearch(range)}`}
          download
          className="underline"
          data-testid="csv-download"
        >
          Download the rows as CSV
        </a>{' '}
        <span className="text-sm text-stone-700">
          (one row per question that arrived in the range; no customer names or texts)
        </span>
      </p>

      <Figure
        id="volume"
        title="Questions per day"
        intro="Conversations by the day they started and the channel they came by, with how many messages (the customer’s and the bakery’s) each conversation holds so far."
        empty={d.volume.total === 0 ? 'No questions arrived in this range.' : null}
        chart={{
          label: 'Questions per day by channel',
          data: sumByPeriod(
            chartPeriods(d.volume.days.map((day) => day.date)),
            d.volume.days,
            d.volume.channels,
          ),
          indexBy: 'period',
          keys: d.volume.channels.map((c) => ({ key: c, label: channelLabels[c] })),
        }}
      >
        <FigureTable
          caption="Questions per day by channel"
          columns={[
            'Day',
            ...d.volume.channels.map((c) => channelLabels[c]),
            'Questions',
            'Messages',
            'Messages per conversation',
          ]}
          rows={daysWithActivity(d.volume.days, (day) => day.total).map((day) => [
            day.date,
            ...d.volume.channels.map((c) => day[c]),
            day.total,
            day.messages,
            oneDecimal(day.perConversation),
          ])}
          foot={[
            'All days',
            ...d.volume.channels.map((c) => d.volume.days.reduce((s, day) => s + day[c], 0)),
            d.volume.total,
            d.volume.messages,
            oneDecimal(d.volume.perConversation),
          ]}
        />
      </Figure>

      <ReplyTimesFigure replyTimes={d.replyTimes} whose="the" Frame={Figure} />
      <EditsFigure edits={d.edits} Frame={Figure} />
      <TopicsFigure topics={d.topics} Frame={Figure} />
      <SatisfactionFigure
        satisfaction={d.satisfaction}
        comments={d.comments}
        commentsLimit={FEEDBACK_COMMENTS_LIMIT}
      />

      <Figure
        id="discards"
        title="Discarded drafts"
        intro="Questions that arrived in the range and were discarded, by the reason given."
        empty={d.discards.length === 0 ? 'No question in this range was discarded.' : null}
        chart={{
          label: 'Discarded questions by reason',
          data: d.discards.map((row) => ({
            reason: row.reason || '(no reason)',
            count: row.count,
          })),
          indexBy: 'reason',
          keys: [{ key: 'count', label: 'Discarded' }],
          layout: 'horizontal',
        }}
      >
        <FigureTable
          caption="Discarded questions by reason"
          columns={['Reason', 'Discarded']}
          rows={d.discards.map((row) => [row.reason || '(no reason)', row.count])}
        />
      </Figure>

      <Figure
        id="spend"
        title="Model spend"
        intro={`What drafting cost per day (by when each run finished, as the daily budget counts it), per reply sent that day, and how much of the input was read from the prompt cache. The dashed line is today’s daily budget, ${formatSpend(budgetUsd)}.`}
        empty={
          d.spend.total.runs === 0
            ? 'No drafts were written in this range.'
            : d.spend.total.costUsd <= 0
              ? 'Drafts in this range used no paid model, so drafting cost nothing.'
              : null
        }
        chart={{
          label: `Model spend per day in dollars, against the daily budget of ${formatSpend(budgetUsd)}`,
          data: d.spend.days.map((day) => ({
            day: shortDate(day.date),
            spend: Math.round(day.costUsd * 100) / 100,
          })),
          indexBy: 'day',
          keys: [{ key: 'spend', label: 'Spend' }],
          valueKind: 'usd',
          line: { value: budgetUsd, legend: 'daily budget' },
        }}
      >
        <FigureTable
          caption="Model spend per day"
          columns={[
            'Day',
            'Spend',
            'Per reply',
            'Drafts',
            'Input tokens',
            'Output tokens',
            'Cache reads',
            'Cache writes',
            'Cache-read share',
            'Over budget',
          ]}
          rows={daysWithActivity(d.spend.days, (day) => day.runs + day.replies).map((day) => [
            day.date,
            formatSpend(day.costUsd),
            day.perReplyUsd === null ? '—' : formatSpend(day.perReplyUsd),
            day.runs,
            tokens(day.inputTokens),
            tokens(day.outputTokens),
            tokens(day.cacheReadTokens),
            tokens(day.cacheWriteTokens),
            formatShare(day.cacheReadShare),
            day.overBudget ? 'yes' : '',
          ])}
          foot={[
            'All days',
            formatSpend(d.spend.total.costUsd),
            d.spend.total.perReplyUsd === null ? '—' : formatSpend(d.spend.total.perReplyUsd),
            d.spend.total.runs,
            tokens(d.spend.total.inputTokens),
            tokens(d.spend.total.outputTokens),
            tokens(d.spend.total.cacheReadTokens),
            tokens(d.spend.total.cacheWriteTokens),
            formatShare(d.spend.total.cacheReadShare),
            '',
          ]}
        />
      </Figure>

      <Figure
        id="marks"
        title="Marked for a person"
        intro="Questions a draft handed to a person, by why (each question once per reason)."
        empty={d.marks.length === 0 ? 'No draft in this range was marked for a person.' : null}
        chart={{
          label: 'Questions marked for a person by reason',
          data: d.marks.map((row) => ({ reason: needsPersonLabels[row.reason], count: row.count })),
          indexBy: 'reason',
          keys: [{ key: 'count', label: 'Questions' }],
          layout: 'horizontal',
        }}
      >
        <FigureTable
          caption="Questions marked for a person by reason"
          columns={['Reason', 'Questions']}
          rows={d.marks.map((row) => [needsPersonLabels[row.reason], row.count])}
        />
      </Figure>

      <section aria-labelledby="asked-title" data-testid="asked" className="flex flex-col gap-2">
        <h2 id="asked-title" className="text-lg font-semibold">
          Asked, not answered
        </h2>
        <p className="text-sm text-stone-700">
          The newest questions in the range that a draft handed to a person because nothing the desk
          knows answered them, by topic. Start a knowledge entry from one, and the next draft can
          answer it.
        </p>
        {d.asked.length === 0 ? (
          <p data-testid="empty">
            No question in this range went to a person for want of an answer.
          </p>
        ) : (
          d.asked.map((group) => (
            <div key={group.reason} data-testid="asked-group">
              <h3 className="font-semibold">{needsPersonLabels[group.reason]}</h3>
              <ul className="flex flex-col gap-1">
                {group.questions.map((question) => (
                  <li
                    key={question.questionId}
                    data-testid="asked-question"
                    className="flex flex-wrap gap-x-2"
                  >
                    <Link href={`/inbox/${question.questionId}`} className="underline">
                      {questionTitle(question.text)}
                    </Link>
                    <Link
                      href={newKnowledgeHref(questionTitle(question.text))}
                      className="text-sm underline"
                    >
                      Start a knowledge entry
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
        <h3 className="font-semibold">Not on the menu</h3>
        <p className="text-sm text-stone-700">
          Things drafts looked up on the menu and did not find. Each customer question counts once,
          however often it was drafted.
        </p>
        <ol className="flex flex-col gap-1" data-testid="unsold-asks">
          {d.unsold.map((ask) => (
            <li key={ask.key} data-testid="unsold-ask" className="flex flex-wrap gap-x-2">
              <span>
                <span className="font-semibold">{ask.name}</span>: {ask.asks}{' '}
                {ask.asks === 1 ? 'ask' : 'asks'}
              </span>
              {matchNames(ask.name, menu).length > 0 ? (
                <span className="text-sm text-stone-700">(on the menu now)</span>
              ) : null}
              <Link href={newKnowledgeHref(ask.name)} className="text-sm underline">
                Start a knowledge entry
              </Link>
            </li>
          ))}
          {d.unsold.length === 0 ? (
            <li>Nothing: every item customers asked for was on the menu.</li>
          ) : null}
        </ol>
      </section>

      <Figure
        id="people"
        title="Replies per person"
        intro="Replies each person sent in the range, with the time to first reply of the questions they answered first."
        empty={d.people.length === 0 ? 'Nobody sent a reply in this range.' : null}
        chart={{
          label: 'Replies per person',
          data: d.people.map((p) => ({ person: p.name, replies: p.replies })),
          indexBy: 'person',
          keys: [{ key: 'replies', label: 'Replies' }],
          layout: 'horizontal',
        }}
      >
        <FigureTable
          caption="Replies per person"
          columns={[
            'Person',
            'Replies',
            'Sent unchanged',
            'Rewritten',
            'Median wait',
            '90th percentile',
          ]}
          rows={d.people.map((p) => [
            p.name,
            p.replies,
            p.unchanged,
            p.rewritten,
            formatWait(p.medianMs),
            formatWait(p.p90Ms),
          ])}
        />
      </Figure>
    </AdminFrame>
  );
}
