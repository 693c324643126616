import { totalTokens } from '../agent/core/decide';
import { describeCost } from '../agent/models/pricing';
import type { Run } from '../agent/types';
import type { Grade } from './grade';

export type CaseResult = {
  id: string;
  question: string;
  grade: Grade;
  draft: string | null;
  stop: Run['stop']['kind'];
  needsPerson: Run['needsPerson'];
  turns: number;
  tokens: number;
  costUsd: number;
  ms: number;
};

export type EvalSummary = {
  model: string;
  cases: number;
  passed: number;
  passRate: number;
  turns: { median: number; max: number };
  tokens: { total: number; perDraft: number };
  dollars: { total: number; perDraft: number };
  ms: { total: number; perDraft: number };
};

export function caseResult(input: {
  id: string;
  question: string;
  run: Run;
  grade: Grade;
  ms: number;
}): CaseResult {
  const { run } = input;
  return {
    id: input.id,
    question: input.question,
    grade: input.grade,
    draft: run.stop.kind === 'answered' ? run.stop.text : null,
    stop: run.stop.kind,
    needsPerson: run.needsPerson,
    turns: run.spent.turns,
    tokens: totalTokens(run.spent),
    costUsd: run.spent.costUsd,
    ms: input.ms,
  };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function summarize(model: string, results: readonly CaseResult[]): EvalSummary {
  const n = results.length;
  const sum = (pick: (r: CaseResult) => number) => results.reduce((s, r) => s + pick(r), 0);
  const per = (total: number) => (n === 0 ? 0 : total / n);
  const passed = results.filter((r) => r.grade.pass).length;
  const tokens = sum((r) => r.tokens);
  const dollars = sum((r) => r.costUsd);
  const ms = sum((r) => r.ms);
  return {
    model,
    cases: n,
    passed,
    passRate: n === 0 ? 0 : passed / n,
    turns: {
      median: median(results.map((r) => r.turns)),
      max: Math.max(0, ...results.map((r) => r.turns)),
    },
    tokens: { total: tokens, perDraft: per(tokens) },
    dollars: { total: dollars, perDraft: per(dollars) },
    ms: { total: ms, perDraft: per(ms) },
  };
}

/** The report a person reads: one line per case, then the figures. */
export function formatReport(results: readonly CaseResult[], summary: EvalSummary): string {
  const lines = results.map((r) =>
    r.grade.pass ? `PASS ${r.id}` : `FAIL ${r.id}: ${r.grade.reasons.join('; ')}`,
  );
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  lines.push(
    '',
    `${summary.passed}/${summary.cases} passed (${pct(summary.passRate)}) with ${summary.model}`,
    `turns: median ${summary.turns.median}, max ${summary.turns.max}`,
    `tokens: ${summary.tokens.total.toLocaleString('en-US')} in all, ${Math.round(summary.tokens.perDraft).toLocaleString('en-US')} per draft`,
    `dollars: ${describeCost({ model: summary.model, costUsd: summary.dollars.total, tokens: summary.tokens.total })} in all, $${summary.dollars.perDraft.toFixed(4)} per draft`,
    `time: ${(summary.ms.total / 1000).toFixed(2)} s in all, ${summary.ms.perDraft.toFixed(1)} ms per draft`,
  );
  return lines.join('\n');
}

/** `--min-pass 0.95` or `--min-pass 95`: a share of cases, as a fraction. */
export function parseMinPass(value: string | undefined): number | null {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100 || value.trim() === '') return null;
  return n > 1 ? n / 100 : n;
}
