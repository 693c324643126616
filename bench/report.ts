import type { BenchmarkResult, Chart, Figure, Machine, Target } from './figures';
import { median, medianOfRatios, range } from './support/stats';

/** BENCHMARKS.md from the figures: pure, so its layout and verdicts are tested without I/O. */

export function ratioOf(figure: Figure): number | undefined {
  if (!figure.baseline || figure.baseline.samples.length === 0) return undefined;
  if (figure.baseline.paired) {
    const ratio = medianOfRatios(figure.samples, figure.baseline.samples);
    return Number.isNaN(ratio) ? undefined : ratio;
  }
  const baseline = median(figure.baseline.samples);
  // A latency under the clock's resolution reads as 0: no ratio can be taken over it.
  return baseline === 0 ? undefined : median(figure.samples) / baseline;
}

/** Whether one target holds; undefined when it cannot be judged (no samples, no baseline). */
export function targetMet(target: Target, figure: Figure): boolean | undefined {
  const measured = target.on === 'value' ? median(figure.samples) : ratioOf(figure);
  if (measured === undefined || Number.isNaN(measured)) return undefined;
  if (target.atLeast !== undefined && measured < target.atLeast) return false;
  if (target.atMost !== undefined && measured > target.atMost) return false;
  return true;
}

export type Tally = { met: number; missed: number; unjudged: number };

export function tally(results: readonly BenchmarkResult[]): Tally {
  const out: Tally = { met: 0, missed: 0, unjudged: 0 };
  for (const result of results) {
    for (const figure of result.figures) {
      for (const target of figure.targets ?? []) {
        const met = targetMet(target, figure);
        if (met === true) out.met++;
        else if (met === false) out.missed++;
        else out.unjudged++;
      }
    }
    // A benchmark that failed to run has missed whatever it was meant to show.
    if (result.error) out.missed++;
  }
  return out;
}

/**
 * The report's opening verdict, counted from the targets: "26 of 26 targets met." when all
 * hold; otherwise each target missed or not judged, and each benchmark that did not finish,
 * named with its benchmark, so the reader knows where to look for why.
 */
export function verdict(results: readonly BenchmarkResult[]): string {
  const counts = tally(results);
  const total = counts.met + counts.missed + counts.unjudged;
  const missed: string[] = [];
  const unjudged: string[] = [];
  for (const result of results) {
    if (result.error) missed.push(`${result.id}. ${result.title} did not finish`);
    for (const figure of result.figures) {
      for (const target of figure.targets ?? []) {
        const met = targetMet(target, figure);
        const named = `${result.id}. ${result.title}: ${figure.name} (${target.text})`;
        if (met === false) missed.push(named);
        else if (met === undefined) unjudged.push(named);
      }
    }
  }
  const parts = [`${counts.met} of ${total} targets met.`];
  if (missed.length > 0) {
    parts.push(
      `Missed (${counts.missed}), each with its cause under its benchmark: ${missed.join('; ')}.`,
    );
  }
  if (unjudged.length > 0) {
    parts.push(`Not judged (${counts.unjudged}, no samples): ${unjudged.join('; ')}.`);
  }
  return parts.join(' ');
}

/** Four significant figures at most, grouped in thousands: 1,234 · 56.7 · 0.912. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function withUnit(value: number, unit: string): string {
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}

function spread(samples: readonly number[]): string {
  if (samples.length < 2) return '—';
  const { min, max } = range(samples);
  return `${formatNumber(min)} – ${formatNumber(max)}`;
}

/** Table cells cannot hold a pipe or a newline. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function figureRow(figure: Figure): string {
  const baseline = figure.baseline
    ? `${withUnit(median(figure.baseline.samples), figure.unit)} (${spread(figure.baseline.samples)}; ${figure.baseline.label})`
    : '—';
  const ratio = ratioOf(figure);
  const targets = figure.targets ?? [];
  const verdicts = targets.map((target) => {
    const met = targetMet(target, figure);
    return met === true ? 'yes' : met === false ? '**no**' : 'not judged';
  });
  return `| ${[
    figure.name,
    withUnit(median(figure.samples), figure.unit),
    spread(figure.samples),
    String(figure.samples.length),
    baseline,
    ratio === undefined ? '—' : `${formatNumber(ratio)}×`,
    targets.length ? targets.map((t) => t.text).join('<br>') : '— (reported)',
    targets.length ? verdicts.join('<br>') : '—',
  ]
    .map(cell)
    .join(' | ')} |`;
}

function anyMissed(result: BenchmarkResult): boolean {
  return result.figures.some((figure) =>
    (figure.targets ?? []).some((target) => targetMet(target, figure) === false),
  );
}

function section(result: BenchmarkResult): string[] {
  const lines = [`## ${result.id}. ${result.title}`, '', result.method, ''];
  if (result.error) {
    lines.push(`**Did not finish:** ${result.error}`, '');
    return lines;
  }
  lines.push(
    '| figure | median | range | runs | baseline (median, range) | ratio | target | met |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...result.figures.map(figureRow),
    '',
  );
  if (result.whenMissed && anyMissed(result)) {
    lines.push(`**Why a target is missed, and what would close it:** ${result.whenMissed}`, '');
  }
  for (const chart of result.charts ?? []) lines.push(...formatChart(chart));
  return lines;
}

/** A chart's text in a Mermaid string: its quotes would end the string early. */
function quoted(text: string): string {
  return `"${text.replace(/"/g, "'")}"`;
}

/** 1, 2, 2.5 or 5 times a power of ten: axis ends and bucket widths people read at a glance. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= rough * (1 - 1e-9)) ?? 10;
  return step * power;
}

/** The y axis from 0 to a round number above the largest value, so heights compare honestly. */
function yTop(values: readonly number[], { whole = false } = {}): number {
  const largest = Math.max(0, ...values.filter(Number.isFinite));
  if (largest === 0) return 1;
  const step = whole ? Math.max(1, niceStep(largest / 5)) : niceStep(largest / 5);
  return Math.ceil((largest * 1.05) / step) * step;
}

/** Mermaid reads plain decimals; no grouping commas inside a data list. */
function plain(value: number): string {
  return String(Number(value.toPrecision(4)));
}

/** Text in a Markdown paragraph: a page path such as /inbox/<id> must not read as an HTML tag. */
function prose(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\*/g, '\\*');
}

function mermaid(body: string[]): string[] {
  return ['```mermaid', 'xychart-beta', ...body.map((line) => `    ${line}`), '```', ''];
}

/**
 * One line chart per set of series that share their x values (Mermaid draws every line over
 * the same categories). Mermaid shows no legend, so the lines are named, with their values, in
 * the paragraph above.
 */
function formatLines(chart: Extract<Chart, { kind: 'lines' }>): string[] {
  const groups = new Map<string, typeof chart.series>();
  for (const series of chart.series) {
    if (series.points.length === 0) continue;
    const xs = [...series.points].sort((a, b) => a.x - b.x).map((p) => p.x);
    const key = xs.join(',');
    groups.set(key, [...(groups.get(key) ?? []), series]);
  }
  const out: string[] = [];
  for (const [key, group] of groups) {
    const xs = key.split(',').map(Number);
    const ys = group.map((series) => [...series.points].sort((a, b) => a.x - b.x).map((p) => p.y));
    const named = group.map(
      (series, i) =>
        `${group.length > 1 ? `${ordinal(i)} line, ` : ''}**${prose(series.name)}**: ${(ys[i] ?? [])
          .map((y, j) => `${formatNumber(y)} at ${category(xs[j] ?? 0)}`)
          .join(' · ')}`,
    );
    out.push(
      `*${prose(`${chart.title}: ${chart.yLabel} against ${chart.xLabel}`)}. ${named.join('; ')}.*`,
      '',
      ...mermaid([
        `title ${quoted(chart.title)}`,
        `x-axis ${quoted(chart.xLabel)} [${xs.map((x) => quoted(category(x))).join(', ')}]`,
        `y-axis ${quoted(chart.yLabel)} 0 --> ${plain(yTop(ys.flat()))}`,
        ...ys.map((line) => `line [${line.map(plain).join(', ')}]`),
      ]),
    );
  }
  return out;
}

/** A size on the x axis as people write it: 100,000, not 100,000.00. */
function category(x: number): string {
  return Number.isInteger(x) ? x.toLocaleString('en-US') : formatNumber(x);
}

function ordinal(i: number): string {
  return ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][i] ?? `#${i + 1}`;
}

export type Bucket = { from: number; to: number | null; label: string };

/**
 * Equal-width buckets of a round width over the samples, at most `most` of them: from a round
 * number at or below the fastest sample up to the 99th percentile, with whatever lies beyond in
 * one last open bucket, so one slow outlier does not squeeze every other bar into the first.
 */
export function latencyBuckets(samples: readonly number[], unit: string, most = 12): Bucket[] {
  const finite = samples.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return [];
  const low = finite[0] as number;
  const high = finite[Math.min(finite.length - 1, Math.ceil(finite.length * 0.99) - 1)] as number;
  const highest = finite[finite.length - 1] as number;
  // All alike: buckets a tenth of the value wide, so the one bar still has a readable label.
  const step = niceStep(high > low ? (high - low) / (most - 1) : Math.abs(low) / 10 || 1);
  const start = Math.floor(low / step) * step;
  const count = Math.max(1, Math.min(most - 1, Math.floor((high - start) / step) + 1));
  const buckets: Bucket[] = [];
  for (let i = 0; i < count; i++) {
    const from = start + i * step;
    buckets.push({ from, to: from + step, label: `${plain(from)}–${plain(from + step)} ${unit}` });
  }
  const end = start + count * step;
  if (highest >= end) buckets.push({ from: end, to: null, label: `≥ ${plain(end)} ${unit}` });
  return buckets;
}

export function countInBuckets(samples: readonly number[], buckets: readonly Bucket[]): number[] {
  return buckets.map(
    (bucket) =>
      samples.filter((s) => s >= bucket.from && (bucket.to === null || s < bucket.to)).length,
  );
}

/** One bar chart per series, over the same buckets, so the series compare bar for bar. */
function formatDistribution(chart: Extract<Chart, { kind: 'distribution' }>): string[] {
  const buckets = latencyBuckets(
    chart.series.flatMap((series) => series.samples),
    chart.unit,
  );
  if (buckets.length === 0) return [];
  const out: string[] = [];
  for (const series of chart.series) {
    const counts = countInBuckets(series.samples, buckets);
    const title = chart.series.length > 1 ? `${chart.title}: ${series.name}` : chart.title;
    out.push(
      `*${prose(`${chart.title}, ${series.name}`)}: how many of ${series.samples.length.toLocaleString('en-US')} samples fell in each bucket of ${prose(chart.unit)}.*`,
      '',
      ...mermaid([
        `title ${quoted(title)}`,
        `x-axis ${quoted(chart.unit)} [${buckets.map((b) => quoted(b.label)).join(', ')}]`,
        `y-axis "samples" 0 --> ${plain(yTop(counts, { whole: true }))}`,
        `bar [${counts.join(', ')}]`,
      ]),
    );
  }
  return out;
}

/** A chart as Mermaid `xychart-beta` blocks, which GitHub and GitLab draw in place. */
export function formatChart(chart: Chart): string[] {
  return chart.kind === 'lines' ? formatLines(chart) : formatDistribution(chart);
}

export function formatReport({
  machine,
  results,
  finishedAt,
  totalSeconds,
  notes = [],
}: {
  machine: Machine;
  results: readonly BenchmarkResult[];
  finishedAt: Date;
  totalSeconds: number;
  /** Paragraphs that hold for the whole run. */
  notes?: readonly string[];
}): string {
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${finishedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC in ${Math.round(totalSeconds)} s. ${verdict(results)}`,
    '',
    'Each figure is the median of its samples, with their range (lowest – highest). Baselines ran in the same run, side by side, so the ratios (our median over the baseline’s; for figures measured in interleaved rounds, the median of the per-round ratios) hold up on a shared, noisy machine better than the absolute figures do.',
    '',
    ...notes.flatMap((note) => [note, '']),
    '## Machine',
    '',
    '| cpu | cores | memory | Node.js | OS |',
    '| --- | --- | --- | --- | --- |',
    `| ${[machine.cpu, String(machine.cores), `${formatNumber(machine.memoryGiB)} GiB`, machine.node, machine.os].map(cell).join(' | ')} |`,
    '',
    ...results.flatMap(section),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
