import type { ReactNode } from 'react';
import { BarChart, type BarChartProps } from '../charts/bar-chart';

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

/**
 * The table's cells are styled from the table itself rather than cell by cell: a range's
 * tables hold a row per active day, and a class on every cell was most of the page's weight,
 * sent twice (in the HTML and in the React payload that follows it).
 */
const tableStyle = [
  'border-collapse text-sm',
  '[&_th[scope=row]]:whitespace-nowrap [&_th[scope=row]]:px-2 [&_th[scope=row]]:py-0.5 [&_th[scope=row]]:text-left',
  '[&_tbody_th]:font-normal',
  '[&_td]:whitespace-nowrap [&_td]:px-2 [&_td]:py-0.5 [&_td]:text-right [&_td]:tabular-nums',
  '[&_tfoot_tr]:border-t [&_tfoot_tr]:border-stone-300 [&_tfoot_tr]:font-semibold',
].join(' ');

/** A plain table: a caption, column headers, the first cell of each row a row header. */
export function FigureTable({
  caption,
  columns,
  rows,
  foot,
}: {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
  /** A totals row. */
  foot?: (string | number)[];
}) {
  return (
    <table className={tableStyle} data-testid="figure-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="border-b border-stone-300 px-2 py-1 text-left">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={columns[i]} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={columns[i]}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      {foot ? (
        <tfoot>
          <tr>
            {foot.map((cell, i) =>
              i === 0 ? (
                <th key={columns[i]} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={columns[i]}>{cell}</td>
              ),
            )}
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

/** "11-10" for a chart's axis; tables keep the whole date. */
export const shortDate = (date: string) => date.slice(5);
