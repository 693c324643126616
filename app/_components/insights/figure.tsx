import type { ReactNode } from 'react';
import { BarChart, type BarChartProps } from '../charts/bar-chart';

export { FigureTable } from './figure-table';

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
  chart?: Omit<BarChartProps, 'describedBy' | 'label'> & { label?: string };
  /** The table: a <table> whose caption names the figure. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id} className="flex flex-col gap-2">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {intro ? <div className="text-sm text-stone-700">{intro}</div> : null}
      {empty ? (
        <p data-testid="empty" className="text-stone-700">
          {empty}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          {chart ? (
            <BarChart {...chart} label={chart.label ?? title} describedBy={`${id}-table`} />
          ) : null}
          {/* A long or wide table scrolls in its box: focusable, so a keyboard can scroll it too. */}
          <div
            className="max-h-[28rem] overflow-auto"
            id={`${id}-table`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard.
            tabIndex={0}
          >
            {children}
          </div>
        </div>
      )}
    </section>
  );
}

/** "11-10" for a chart's axis; tables keep the whole date. */
export const shortDate = (date: string) => date.slice(5);
