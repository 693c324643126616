import type { ReactNode } from 'react';
import { BarChart, type BarChartProps } from '../charts/bar-chart';
import { FigureFrame } from './figure-frame';

export { FigureTable } from './figure-table';

/** A figure's chart as a page describes it: the table beside it names it. */
export type FigureChart = Omit<BarChartProps, 'describedBy' | 'label'> & { label?: string };

/**
 * One figure of the dashboard: its heading, the chart, and beside it a table with the same
 * numbers (for screen readers and for copying). A range with nothing to show says so in
 * words instead of drawing empty axes.
 */
export function Figure({
  id,
  title,
  intro,
  empty,
  chart,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  /** Set when the range holds nothing for this figure: what to say instead. */
  empty?: string | null;
  chart?: FigureChart;
  /** The table: a <table> whose caption names the figure. */
  children?: ReactNode;
}) {
  return (
    <FigureFrame
      id={id}
      title={title}
      intro={intro}
      empty={empty}
      chart={
        chart ? (
          <BarChart {...chart} label={chart.label ?? title} describedBy={`${id}-table`} />
        ) : null
      }
    >
      {children}
    </FigureFrame>
  );
}

/** "11-10" for a chart's axis; tables keep the whole date. */
export const shortDate = (date: string) => date.slice(5);
