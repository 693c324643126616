import type { ToolCall } from '@/db/schema';
import type { TraceStep } from '@/lib/inbox/trace-sentences';

/**
 * How a step went, in words and a sign, never colour alone: an expected "not found" is neutral,
 * only a real failure is red, and a step that simply worked shows nothing.
 */
function StepMark({ step }: { step: TraceStep }) {
  if (step.outcome === 'done') return null;
  const mark = {
    missing: {
      sign: '–',
      text:
        step.missing === 'notAvailable'
          ? 'Not available'
          : step.missing === 'nothingKnown'
            ? 'Nothing found'
            : 'Not on the menu',
      colours: 'bg-stone-100 text-stone-800 ring-stone-300',
    },
    handed: {
      sign: '→',
      text: 'For a person',
      colours: 'bg-violet-50 text-violet-900 ring-violet-300',
    },
    failed: { sign: '!', text: 'Failed', colours: 'bg-red-50 text-red-900 ring-red-300' },
  }[step.outcome];
  return (
    <span
      data-testid="step-mark"
      className={`inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${mark.colours}`}
    >
      <span aria-hidden="true">{mark.sign}</span>
      {mark.text}
    </span>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One lookup: its sentence and mark, and what it was asked and answered folded beneath. */
export function StepTrace({ call, step }: { call: ToolCall; step: TraceStep }) {
  return (
    <li
      data-testid="tool-call"
      data-tool={call.toolName}
      data-error-kind={call.errorKind ?? ''}
      data-outcome={step.outcome}
      className={`rounded-md border p-3 text-sm ${step.outcome === 'failed' ? 'border-red-200' : 'border-stone-200'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="min-w-0 break-words" data-testid="tool-sentence">
          {step.sentence}
        </span>
        <StepMark step={step} />
      </p>
      <details className="mt-1 text-xs" data-testid="tool-details">
        <summary className="cursor-pointer text-stone-600">
          Show the data (took {call.durationMs} ms)
        </summary>
        <p className="mt-2 font-medium text-stone-600">Asked</p>
        <pre
          className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-stone-50 p-2"
          data-testid="tool-input"
        >
          {prettyJson(call.input)}
        </pre>
        <p className="mt-2 font-medium text-stone-600">Answered</p>
        {/* A long result scrolls in its box: focusable, so a keyboard can scroll it too. */}
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard.
          tabIndex={0}
          className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-stone-50 p-2"
          data-testid="tool-result"
        >
          {prettyJson(call.result)}
        </pre>
      </details>
    </li>
  );
}
