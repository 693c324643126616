import type {
  AgentEvent,
  Limits,
  Model,
  ModelTurn,
  NeedsPerson,
  Run,
  Spent,
  Step,
  ThreadTurn,
  ToolCall,
} from '../types';
import { canonicalJson } from './canonical';
import { decide, nothingSpent, spendReply } from './decide';
import { executeCall, failed, untilAborted } from './execute';
import type { AnyTool } from './tool';

export type RunAgentOptions = {
  model: Model;
  tools: readonly AnyTool[];
  /** The customer's newest message (or any task text) for the model's first turn. */
  task: string;
  /** The conversation before it, oldest first: earlier messages and the bakery's sent replies. */
  earlier?: readonly ThreadTurn[];
  /** Staff's notes on the conversation, oldest first: context, never the customer's words. */
  notes?: readonly string[];
  limits: Limits;
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void;
  /** A tool without its own limit is stopped after this long. */
  toolTimeoutMs?: number;
  /** How many times the same call (tool and input) may run; later repeats get an error. */
  maxRepeats?: number;
};

export const defaultToolTimeoutMs = 10_000;
export const defaultMaxRepeats = 2;

/**
 * The shell around `decide`: the only code that waits. Rejects only when the model request
 * fails (after the provider's own retries) or the caller aborts; every other end is a Stop.
 */
export async function runAgent({
  model,
  tools,
  task,
  earlier = [],
  notes = [],
  limits,
  signal = new AbortController().signal,
  onEvent = () => {},
  toolTimeoutMs = defaultToolTimeoutMs,
  maxRepeats = defaultMaxRepeats,
}: RunAgentOptions): Promise<Run> {
  let spent: Spent = nothingSpent;
  const steps: Step[] = [];
  const timesAsked = new Map<string, number>();
  let turn: ModelTurn = {
    kind: 'task',
    text: task,
    earlier,
    ...(notes.length > 0 ? { notes } : {}),
  };

  try {
    for (;;) {
      signal.throwIfAborted();
      const turnNumber = spent.turns + 1;
      onEvent({ kind: 'turnStarted', turn: turnNumber });
      const reply = await untilAborted(
        model.takeTurn(turn, {
          signal,
          onEvent: (event) => onEvent({ kind: 'textDelta', turn: turnNumber, text: event.text }),
        }),
        signal,
      );
      spent = spendReply(spent, reply);
      const decision = decide({ reply, spent, limits });
      if (decision.kind === 'stop') {
        onEvent({ kind: 'stopped', stop: decision.stop, spent });
        return { model: model.name, stop: decision.stop, spent, steps, needsPerson: markOf(steps) };
      }

      const run = (call: ToolCall) => {
        const key = `${call.name} ${canonicalJson(call.input)}`;
        const count = (timesAsked.get(key) ?? 0) + 1;
        timesAsked.set(key, count);
        onEvent({ kind: 'toolCall', turn: turnNumber, call });
        return timed(async () =>
          count > maxRepeats
            ? failed(call.id, {
                kind: 'badInput',
                message: `this exact call was already made ${maxRepeats} times; use the earlier result instead of asking again.`,
              })
            : executeCall({ call, tools, signal, timeoutMs: toolTimeoutMs }),
        ).then(({ value: result, durationMs }) => {
          onEvent({ kind: 'toolResult', turn: turnNumber, result, durationMs });
          return { turn: turnNumber, call, result, durationMs } satisfies Step;
        });
      };
      // Every tool only reads, so the calls of one turn run at the same time.
      const done = await untilAborted(Promise.all(decision.calls.map(run)), signal);
      steps.push(...done);
      turn = { kind: 'toolResults', results: done.map((step) => step.result) };
    }
  } catch (error) {
    // Turns already answered were paid for: whoever records the failure can still count them.
    if (typeof error === 'object' && error !== null) spentAtFailure.set(error, spent);
    throw error;
  }
}

const spentAtFailure = new WeakMap<object, Spent>();

/** What a run had spent when it rejected with `error` (nothing, for an error it did not throw). */
export function spentBeforeFailure(error: unknown): Spent {
  return (typeof error === 'object' && error !== null && spentAtFailure.get(error)) || nothingSpent;
}

/** The first mark a tool set, in the order the calls were asked for. */
export function markOf(steps: readonly Step[]): NeedsPerson | null {
  return steps.find((step) => step.result.needsPerson)?.result.needsPerson ?? null;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; durationMs: number }> {
  const started = performance.now();
  const value = await work();
  return { value, durationMs: Math.round(performance.now() - started) };
}
