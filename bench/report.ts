import type { BenchmarkResult, Figure, Machine, Target } from './figures';
import { median, range } from './support/stats';

/** BENCHMARKS.md from the figures: pure, so its layout and verdicts are tested without I/O. */

export function ratioOf(figure: Figure): number | undefined {
  if (!figure.baseline || figure.baseline.samples.length === 0) return undefined;
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
  return lines;
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
  const counts = tally(results);
  const verdict = `${counts.met} of ${counts.met + counts.missed + counts.unjudged} targets met${
    counts.missed ? `, ${counts.missed} missed` : ''
  }${counts.unjudged ? `, ${counts.unjudged} not judged` : ''}.`;
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${finishedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC in ${Math.round(totalSeconds)} s. ${verdict}`,
    '',
    'Each figure is the median of its samples, with their range (lowest – highest). Baselines ran in the same run, side by side, so the ratios (our median over the baseline’s) hold up on a shared, noisy machine better than the absolute figures do.',
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
