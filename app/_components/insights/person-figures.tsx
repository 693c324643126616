import type { ComponentType } from 'react';
import { chartPeriods, daysWithActivity, sumByPeriod } from '@/lib/insights/dashboard';
import {
  editClasses,
  editClassLabels,
  formatShare,
  formatWait,
  toMinutes,
} from '@/lib/insights/figures';
import type { loadPersonFigures } from '@/server/insights';
import type { FigureProps } from './figure';
import { FigureFrame } from './figure-frame';
import { FigureTable } from './figure-table';

type Figures = Pick<
  Awaited<ReturnType<typeof loadPersonFigures>>,
  'replyTimes' | 'edits' | 'topics'
>;

const editKeys = editClasses.map((key) => ({ key, label: editClassLabels[key] }));

/**
 * How a page frames these figures: the dashboard passes its `Figure` (figure.tsx), which draws
 * each chart; without one, each figure is its table alone, and the page loads no chart library
 * (/inbox/stats).
 */
type Frame = ComponentType<FigureProps>;

function TableOnly({ chart: _chart, ...frame }: FigureProps) {
  return <FigureFrame {...frame} />;
}

/** Time to first reply per day: median and 90th percentile, and answered within the hour. */
export function ReplyTimesFigure({
  replyTimes,
  whose,
  Frame = TableOnly,
}: {
  replyTimes: Figures['replyTimes'];
  whose: string;
  Frame?: Frame;
}) {
  const { days, overall } = replyTimes;
  return (
    <Frame
      id="reply-times"
      title="Time to first reply"
      intro={`From a question arriving to ${whose} first reply, by the day it arrived. Within the hour: of the questions that arrived while the bakery was open, the share answered within an hour.`}
      empty={
        overall.answered === 0
          ? 'No question that arrived in this range has been answered yet.'
          : null
      }
      chart={{
        label: 'Time to first reply per day, in minutes: median and 90th percentile',
        data: replyTimes.chart.map((p) => ({
          period: p.period,
          median: toMinutes(p.medianMs) ?? 0,
          p90: toMinutes(p.p90Ms) ?? 0,
        })),
        indexBy: 'period',
        keys: [
          { key: 'median', label: 'Median (min)' },
          { key: 'p90', label: '90th percentile (min)' },
        ],
        mode: 'grouped',
        valueKind: 'minutes',
      }}
    >
      <FigureTable
        caption="Time to first reply per day"
        columns={[
          'Day',
          'Answered',
          'Median',
          '90th percentile',
          'Arrived while open',
          'Within the hour',
        ]}
        rows={daysWithActivity(days, (d) => d.answered + d.arrivedOpen).map((d) => [
          d.date,
          d.answered,
          formatWait(d.medianMs),
          formatWait(d.p90Ms),
          d.arrivedOpen,
          formatShare(d.shareWithinHour),
        ])}
        foot={[
          'All days',
          overall.answered,
          formatWait(overall.medianMs),
          formatWait(overall.p90Ms),
          overall.arrivedOpen,
          formatShare(overall.shareWithinHour),
        ]}
      />
    </Frame>
  );
}

/** Replies sent unchanged, lightly edited or rewritten, per day. */
export function EditsFigure({
  edits,
  Frame = TableOnly,
}: {
  edits: Figures['edits'];
  Frame?: Frame;
}) {
  return (
    <Frame
      id="edits"
      title="How much drafts were changed"
      intro="Each sent reply by its edit distance from the draft, against the longer of the two: none is unchanged, up to a fifth is a light edit, more is a rewrite."
      empty={edits.total.total === 0 ? 'No replies were sent in this range.' : null}
      chart={{
        label: 'Replies per day: sent unchanged, lightly edited, rewritten',
        data: sumByPeriod(chartPeriods(edits.days.map((d) => d.date)), edits.days, editClasses),
        indexBy: 'period',
        keys: editKeys,
      }}
    >
      <FigureTable
        caption="Replies per day by how much the draft was changed"
        columns={['Day', ...editKeys.map((k) => k.label), 'Replies']}
        rows={daysWithActivity(edits.days, (d) => d.total).map((d) => [
          d.date,
          d.unchanged,
          d.light,
          d.rewritten,
          d.total,
        ])}
        foot={[
          'All days',
          edits.total.unchanged,
          edits.total.light,
          edits.total.rewritten,
          edits.total.total,
        ]}
      />
    </Frame>
  );
}

/** The same by topic: what the draft's run looked up, in the bakery's words. */
export function TopicsFigure({
  topics,
  Frame = TableOnly,
}: {
  topics: Figures['topics'];
  Frame?: Frame;
}) {
  return (
    <Frame
      id="topics"
      title="Changes by topic"
      intro="Sent replies by the lookups their draft made (a draft that made several counts under each): where drafts go wrong."
      empty={topics.length === 0 ? 'No replies were sent in this range.' : null}
      chart={{
        label: 'Replies per topic: sent unchanged, lightly edited, rewritten',
        data: topics.map((t) => ({ topic: t.topic, ...pick(t) })),
        indexBy: 'topic',
        keys: editKeys,
        layout: 'horizontal',
      }}
    >
      <FigureTable
        caption="Replies per topic by how much the draft was changed"
        columns={['Topic', ...editKeys.map((k) => k.label), 'Replies', 'Rewritten share']}
        rows={topics.map((t) => [
          t.topic,
          t.unchanged,
          t.light,
          t.rewritten,
          t.total,
          formatShare(t.total > 0 ? t.rewritten / t.total : null),
        ])}
      />
    </Frame>
  );
}

function pick(row: Record<(typeof editClasses)[number], number>) {
  return { unchanged: row.unchanged, light: row.light, rewritten: row.rewritten };
}
