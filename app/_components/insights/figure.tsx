import { BarChart, type BarChartProps } from '../charts/bar-chart';
import { FigureFrame, type FigureFrameProps } from './figure-frame';

export { FigureTable } from './figure-table';

/** A figure's chart as a page describes it: the table beside it names it. */
export type FigureChart = Omit<BarChartProps, 'describedBy' | 'label'> & { label?: string };

/** A figure as a page describes it, its chart as data. */
export type FigureProps = Omit<FigureFrameProps, 'chart'> & { chart?: FigureChart };

/**
 * One figure of the dashboard: its heading, the chart, and beside it a table with the same
 * numbers (for screen readers and for copying). A range with nothing to show says so in
 * words instead of drawing empty axes.
 */
export function Figure({ id, title, intro, empty, chart, children }: FigureProps) {
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
