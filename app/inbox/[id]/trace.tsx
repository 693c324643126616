import type { ThreadMessage } from '@/db/conversations';
import type { RunWithCalls } from '@/db/inbox';
import type { ToolCall } from '@/db/schema';
import { describeCost } from '@/lib/agent/models/pricing';
import { formatWhen } from '@/lib/format-time';
import { needsPersonLabels, stopLabel } from '@/lib/inbox/groups';
import { type FactsNow, isStale } from '@/lib/inbox/staleness';

/**
 * What the agent did for a draft: every lookup grouped by turn, with its input, its result
 * (errors marked with their kind) and its time; why the run stopped and what it cost. Earlier
 * runs wait behind a disclosure.
 */
export function Trace({
  runs,
  currentRunId,
  facts,
  timezone,
  thread,
}: {
  runs: RunWithCalls[];
  currentRunId: number | null;
  facts: FactsNow;
  timezone: string;
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
  return (
    <div className="flex flex-col gap-4">
      {current ? (
        <RunTrace run={current} facts={facts} timezone={timezone} thread={thread} testId="trace" />
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
                timezone={timezone}
                thread={thread}
                testId="earlier-run"
              />
            ))}
          </div>
        </details>
      ) : null}
    </div>
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
  timezone,
  thread,
  testId,
}: {
  run: RunWithCalls;
  facts: FactsNow;
  timezone: string;
  thread: Pick<ThreadMessage, 'id' | 'at'>[];
  testId: string;
}) {
  const turns = groupByTurn(run.calls);
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
                {calls.map((call) => (
                  <CallTrace key={call.id} call={call} />
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

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function CallTrace({ call }: { call: ToolCall }) {
  return (
    <li
      data-testid="tool-call"
      data-tool={call.toolName}
      data-error-kind={call.errorKind ?? ''}
      className={`rounded-md border p-3 text-sm ${call.isError ? 'border-red-200 bg-red-50/50' : 'border-stone-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-semibold">{call.toolName}</code>
        {call.isError ? (
          <span
            className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900"
            data-testid="tool-error"
          >
            error: {call.errorKind ?? 'unknown'}
          </span>
        ) : null}
        <span className="ml-auto text-xs text-stone-600">{call.durationMs} ms</span>
      </div>
      <p className="mt-2 text-xs font-medium text-stone-600">Input</p>
      <pre
        className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-stone-50 p-2 text-xs"
        data-testid="tool-input"
      >
        {prettyJson(call.input)}
      </pre>
      <p className="mt-2 text-xs font-medium text-stone-600">Result</p>
      {/* A long result scrolls in its box: focusable, so a keyboard can scroll it too. */}
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard.
        tabIndex={0}
        className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-stone-50 p-2 text-xs"
        data-testid="tool-result"
      >
        {prettyJson(call.result)}
      </pre>
    </li>
  );
}

function groupByTurn(calls: ToolCall[]): [number, ToolCall[]][] {
  const byTurn = new Map<number, ToolCall[]>();
  for (const call of calls) byTurn.set(call.turn, [...(byTurn.get(call.turn) ?? []), call]);
  return [...byTurn.entries()].sort(([a], [b]) => a - b);
}
