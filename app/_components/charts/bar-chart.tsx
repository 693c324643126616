'use client';

import { Bar, type BarDatum, type BarItemProps } from '@nivo/bar';
import { countTicks, formatMinutes, minuteTicks } from '@/lib/insights/axis';

/**
 * The one chart the desk draws: @nivo/bar at a fixed size, so the server renders the whole
 * SVG (no measuring in the browser, no animation) and the page reads complete without
 * JavaScript. The SVG is `role="img"` with a label and points at the table beside it for the
 * numbers; the table, not the picture, is what screen readers and copying use.
 */

export type ValueKind = 'count' | 'minutes' | 'usd';

export type BarChartProps = {
  /** What the chart shows, read out as the image's name. */
  label: string;
  /** The id of the table that holds the same numbers. */
  describedBy: string;
  data: Record<string, string | number>[];
  indexBy: string;
  keys: { key: string; label: string }[];
  /** Stacked parts of a whole (channels, edit classes), or side by side (median and 90th percentile). */
  mode?: 'stacked' | 'grouped';
  valueKind?: ValueKind;
  /** A horizontal line across the chart, e.g. the daily budget. */
  line?: { value: number; legend: string };
  layout?: 'vertical' | 'horizontal';
};

// Colours that keep their contrast on white and apart from one another for common colour blindness.
const palette = ['#1f5f8b', '#d9822b', '#7a9a3a', '#8e44ad', '#b03a2e', '#5d6d7e'];

const formats: Record<ValueKind, string | ((value: number) => string)> = {
  count: '>-,d',
  minutes: (value) => formatMinutes(Number(value)),
  usd: '$>-,.2f',
};

/** The largest bar: a stack's sum, or the tallest of a group. */
function largestValue(
  data: BarChartProps['data'],
  keys: readonly string[],
  mode: 'stacked' | 'grouped',
): number {
  const values = data.map((row) => keys.map((key) => Number(row[key]) || 0));
  return Math.max(
    0,
    ...values.map((row) =>
      mode === 'stacked' ? row.reduce((a, b) => a + b, 0) : Math.max(...row),
    ),
  );
}

/**
 * The value axis: whole counts and round minutes from 0 past the largest bar (and any line
 * drawn across); amounts of money as the chart library spaces them.
 */
function valueAxis(
  kind: ValueKind,
  largest: number,
): { ticks: number[] | number; max: number | 'auto' } {
  if (kind === 'usd') return { ticks: 5, max: 'auto' };
  const ticks = kind === 'count' ? countTicks(largest) : minuteTicks(largest);
  return { ticks, max: ticks[ticks.length - 1] ?? 1 };
}

/** A long category name cut to fit beside the bars; the table beside the chart has it whole. */
function shorten(text: string): string {
  return text.length > 26 ? `${text.slice(0, 25)}…` : text;
}

function indexOf(data: BarChartProps['data'], indexBy: string, value: unknown): number {
  return data.findIndex((row) => row[indexBy] === value);
}

/**
 * Each bar as a plain rectangle at the place nivo computed, with its value in a <title> (the
 * browser's own tooltip, read by assistive technology too). nivo's default bar runs a spring
 * per bar even with animation off, which made a month of stacked bars cost more to render on
 * the server than every query of the dashboard together.
 */
function PlainBar({ bar, label }: BarItemProps<BarDatum>) {
  return (
    <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={bar.color}>
      <title>{label}</title>
    </rect>
  );
}

export function BarChart({
  label,
  describedBy,
  data,
  indexBy,
  keys,
  mode = 'stacked',
  valueKind = 'count',
  line,
  layout = 'vertical',
}: BarChartProps) {
  const names = new Map(keys.map((k) => [k.key, k.label]));
  const horizontal = layout === 'horizontal';
  const height = horizontal ? Math.max(120, 40 + data.length * 28) : 260;
  const axis = valueAxis(
    valueKind,
    Math.max(
      largestValue(
        data,
        keys.map((k) => k.key),
        mode,
      ),
      line?.value ?? 0,
    ),
  );
  return (
    // On a phone the chart is wider than the screen and scrolls sideways in a region of its own,
    // named for the chart: focusable, so a keyboard can scroll it too.
    <section
      className="max-w-full overflow-x-auto"
      data-testid="chart"
      aria-label={`${label} (scrolls sideways on a narrow screen)`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard.
      tabIndex={0}
    >
      <Bar
        width={640}
        height={height}
        data={data}
        indexBy={indexBy}
        keys={keys.map((k) => k.key)}
        groupMode={mode}
        layout={layout}
        animate={false}
        isInteractive={false}
        barComponent={PlainBar}
        label={(d) => `${names.get(String(d.id)) ?? d.id}, ${d.indexValue}: ${d.formattedValue}`}
        role="img"
        ariaLabel={label}
        ariaDescribedBy={describedBy}
        margin={{ top: 10, right: 150, bottom: horizontal ? 30 : 50, left: horizontal ? 180 : 56 }}
        padding={0.25}
        valueScale={{ type: 'linear', min: 0, max: axis.max, nice: axis.max === 'auto' }}
        colors={({ id }) => palette[keys.findIndex((k) => k.key === id) % palette.length] ?? '#555'}
        valueFormat={formats[valueKind]}
        enableLabel={false}
        axisBottom={
          horizontal
            ? { tickSize: 4, format: formats[valueKind], tickValues: axis.ticks }
            : {
                tickSize: 4,
                tickRotation: data.length > 14 ? -45 : 0,
                // Past a month, every other day's name: the table has them all.
                format:
                  data.length > 45
                    ? (v) => (indexOf(data, indexBy, v) % 7 === 0 ? v : '')
                    : undefined,
              }
        }
        axisLeft={
          horizontal
            ? { tickSize: 4, format: (v) => shorten(String(v)) }
            : { tickSize: 4, format: formats[valueKind], tickValues: axis.ticks }
        }
        gridXValues={horizontal ? axis.ticks : undefined}
        gridYValues={horizontal ? undefined : axis.ticks}
        markers={
          line
            ? [
                {
                  axis: horizontal ? 'x' : 'y',
                  value: line.value,
                  lineStyle: { stroke: '#b03a2e', strokeWidth: 2, strokeDasharray: '6 4' },
                  legend: line.legend,
                  legendPosition: 'top-right',
                  textStyle: { fill: '#b03a2e', fontSize: 12 },
                },
              ]
            : undefined
        }
        legendLabel={(datum) => names.get(String(datum.id)) ?? String(datum.id)}
        legends={
          keys.length > 1
            ? [
                {
                  dataFrom: 'keys',
                  anchor: 'top-right',
                  direction: 'column',
                  translateX: 140,
                  itemWidth: 130,
                  itemHeight: 20,
                  symbolSize: 12,
                },
              ]
            : []
        }
      />
    </section>
  );
}
