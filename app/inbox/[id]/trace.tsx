import type { ThreadMessage } from '@/db/conversations';
import type { RunWithCalls } from '@/db/inbox';
import type { ToolCall } from '@/db/schema';
import { zonedParts } from '@/lib/agent/bakery/calendar';
import type { Wording } from '@/lib/agent/bakery/wording';
import { offlineModelName } from '@/lib/agent/models/offline/offline-model';
import { describeCost } from '@/lib/agent/models/pricing';
import { formatWhen } from '@/lib/format-time';
import { needsPersonLabels, stopLabel } from '@/lib/inbox/groups';
import { type FactsNow, isStale } from '@/lib/inbox/staleness';
import { type TraceStep, traceStep, traceSummary } from '@/lib/inbox/trace-sentences';
import { TracePanel } from './trace-panel';
import { StepTrace } from './trace-step';

type Words = { wording: Wording; timezone: string };

function stepsOf(run: RunWithCalls, { wording, timezone }: Words): TraceStep[] {
  const today = zonedParts(run.startedAt, timezone).date;
  return run.calls.map((call) => traceStep(call, { wording, today }));
}

/**
 * What the agent did for a draft: every lookup as a sentence grouped by turn, its input and
 * result folded beneath it; why the run stopped and, when a model ran, what it cost. Behind a
 * one-line summary (folded on a phone); earlier runs wait behind a disclosure.
 */
export function Trace({
  runs,
  currentRunId,
  facts,
  timezone,
  wording,
  thread,
}: {
  runs: RunWithCalls[];
  currentRunId: number | null;
  facts: FactsNow;
  timezone: string;
  /** The bakery's locale and currency, for the dates, times and money the sentences name. */
  wording: Wording;
  /** The conversation's messages, to say which of them each run read. */
  thread: Pick<ThreadMessage, 'id' | 'at'>[];
}) {
  if (runs.length === 0) {
    return (
      <p className="text-stone-600" data-testid="trace-empty">
        No draft has been written yet.
      </p>
    );
  }
  const current = runs.find((r) => r.id === currentRunId) ?? runs[0];
  const earlier = runs.filter((r) => r !== current);
  const words = { wording, timezone };
  return (
    <TracePanel summary={current ? traceSummary(stepsOf(current, words)) : 'No lookups'}>
      {current ? (
        <RunTrace run={current} facts={facts} words={words} thread={thread} testId="trace" />
      ) : null}
      {earlier.length > 0 ? (
        <details className="rounded-lg border border-stone-200 bg-white" data-testid="earlier-runs">
          <summary className="cursor-pointer px-4 py-2 text-sm font-medium">
            Earlier runs ({earlier.length})
          </summary>
          <div className="flex flex-col gap-4 p-4 pt-0">
            {earlier.map((run) => (
              <RunTrace
                key={run.id}
                run={run}
                facts={facts}
                words={words}
                thread={thread}
                testId="earlier-run"
              />
            ))}
          </div>
        </details>
      ) : null}
    </TracePanel>
  );
}

function modelName(model: string): string {
  return model === 'offline drafter' ? 'offline drafter (rules, no AI model)' : model;
}

/** Which messages a run read: how many, and the customer's message it answered. */
function messagesRead(
  run: RunWithCalls,
  thread: Pick<ThreadMessage, 'id' | 'at'>[],
  timezone: string,
): string {
  const count = `${run.messagesRead} message${run.messagesRead === 1 ? '' : 's'}`;
  const answered = thread.find((message) => message.id === run.answeredMessageId);
  return answered
    ? `${count}, answering the customer's of ${formatWhen(answered.at, timezone)}`
    : count;
}

function RunTrace({
  run,
  facts,
  words,
  thread,
  testId,
}: {
  run: RunWithCalls;
  facts: FactsNow;
  words: Words;
  thread: Pick<ThreadMessage, 'id' | 'at'>[];
  testId: string;
}) {
  const { timezone } = words;
  const steps = stepsOf(run, words);
  const turns = groupByTurn(run.calls.map((call, i) => ({ call, step: steps[i] as TraceStep })));
  // The offline drafter reads no tokens and costs nothing: its runs say nothing of either.
  const usedModel = run.model !== offlineModelName;
  const tokens = run.inputTokens + run.outputTokens + run.cacheReadTokens + run.cacheWriteTokens;
  const tookMs = run.finishedAt.getTime() - run.startedAt.getTime();
  // Offline drafts take milliseconds; "0.0 s" above 15 ms lookups reads as a mistake.
  const took = tookMs < 1000 ? `${tookMs} ms` : `${(tookMs / 1000).toFixed(1)} s`;
  const stale = isStale({ run, ...facts });
  return (
    <article
      data-testid={testId}
      data-run-id={run.id}
      data-stale={stale}
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <header className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
          Run {run.id}, {formatWhen(run.startedAt, timezone)}
          {stale ? (
            <span
              data-testid="run-stale"
              className="rounded-full bg-orange-50 px-2 py-0.5 text-xs font-medium text-orange-900 ring-1 ring-orange-300"
            >
              Stale: something this draft read has changed since
            </span>
          ) : null}
        </p>
        <dl
          className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3"
          data-testid="run-summary"
        >
          <Fact label="Stopped" value={stopLabel(run)} testId="run-stop" />
          <Fact label="Model" value={modelName(run.model)} testId="run-model" />
          <Fact label="Turns" value={String(run.turns)} />
          <Fact label="Read" value={messagesRead(run, thread, timezone)} testId="run-read" />
          {usedModel ? (
            <>
              <Fact
                label="Tokens"
                value={`${tokens.toLocaleString('en-US')} (${run.inputTokens} in, ${run.outputTokens} out)`}
                testId="run-tokens"
              />
              <Fact
                label="Prompt cache"
                value={`${run.cacheReadTokens.toLocaleString('en-US')} read, ${run.cacheWriteTokens.toLocaleString('en-US')} written`}
                testId="run-cache"
              />
              <Fact
                label="Cost"
                value={describeCost({ model: run.model, costUsd: run.costUsd, tokens })}
                testId="run-cost"
              />
            </>
          ) : null}
          {run.needsPersonReason ? (
            <Fact
              label="For a person"
              value={`${needsPersonLabels[run.needsPersonReason]}: ${run.needsPersonNote ?? ''}`}
              testId="run-person"
            />
          ) : null}
          <Fact label="Took" value={took} />
        </dl>
        {run.error ? (
          <p
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900"
            data-testid="run-error"
          >
            {run.error}
          </p>
        ) : null}
      </header>
      {turns.length === 0 ? (
        <p className="text-sm text-stone-600">No lookups in this run.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {turns.map(([turn, calls]) => (
            <li key={turn} className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">Turn {turn}</h3>
              <ol className="flex flex-col gap-2">
                {calls.map(({ call, step }) => (
                  <StepTrace key={call.id} call={call} step={step} />
                ))}
              </ol>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

type Step = { call: ToolCall; step: TraceStep };

function groupByTurn(steps: Step[]): [number, Step[]][] {
  const byTurn = new Map<number, Step[]>();
  for (const step of steps) {
    byTurn.set(step.call.turn, [...(byTurn.get(step.call.turn) ?? []), step]);
  }
  return [...byTurn.entries()].sort(([a], [b]) => a - b);
}
