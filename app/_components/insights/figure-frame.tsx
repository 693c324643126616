import type { ReactNode } from 'react';

/**
 * One figure's frame: its heading, a chart if the page draws one, and beside it a table with
 * the same numbers (for screen readers and for copying). A range with nothing to show says so
 * in words instead of drawing empty axes. It loads no chart library: /inbox/stats shows its
 * figures as tables in it, and only the dashboard's `Figure` (figure.tsx) draws charts.
 */
export type FigureFrameProps = {
  id: string;
  title: string;
  intro?: ReactNode;
  /** Set when the range holds nothing for this figure: what to say instead. */
  empty?: string | null;
  /** The chart, described by the table (whose box has the id `${id}-table`). */
  chart?: ReactNode;
  /** The table: a <table> whose caption names the figure. */
  children?: ReactNode;
};

export function FigureFrame({ id, title, intro, empty, chart, children }: FigureFrameProps) {
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
          {chart ?? null}
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
