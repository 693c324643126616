import type { ToolCall, ToolResult } from '../types';
import type { AnyTool, ToolFailure, ToolOutcome } from './tool';

/**
 * Runs one call and turns every outcome into a result the model can read: an unknown name, bad
 * input, a failure, a throw and a timeout all come back as error results, never as exceptions.
 * Only the caller's own abort escapes, as a rejection.
 */
export async function executeCall({
  call,
  tools,
  signal,
  timeoutMs,
}: {
  call: ToolCall;
  tools: readonly AnyTool[];
  signal: AbortSignal;
  timeoutMs: number;
}): Promise<ToolResult> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) {
    const names = tools.map((t) => t.name).join(', ');
    return failed(call.id, {
      kind: 'notFound',
      message: `there is no tool named "${call.name}". The tools are: ${names}.`,
    });
  }
  const decoded = tool.decode(call.input);
  if (!decoded.ok) return failed(call.id, decoded.failure);

  const limitMs = tool.timeoutMs ?? timeoutMs;
  // The tool's own signal ends with the caller's or at its time limit, whichever comes first.
  // Wired by hand, with one listener on the caller's signal that is removed when the call ends:
  // AbortSignal.any keeps weak references that cost more to collect than a fast tool call.
  const toolAbort = new AbortController();
  let onCallerAbort = () => {};
  const callerAborted = new Promise<never>((_, reject) => {
    onCallerAbort = () => {
      toolAbort.abort(signal.reason);
      reject(signal.reason);
    };
  });
  // Raced against work that usually wins: an abort after that must not be an unhandled rejection.
  callerAborted.catch(() => {});
  if (signal.aborted) onCallerAbort();
  else signal.addEventListener('abort', onCallerAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timedOut'>((resolve) => {
    timer = setTimeout(() => {
      toolAbort.abort(new Error(`${call.name} timed out`));
      resolve('timedOut');
    }, limitMs);
  });
  try {
    const outcome = await Promise.race([
      Promise.resolve().then(() => tool.run(decoded.value, { signal: toolAbort.signal })),
      timedOut,
      callerAborted,
    ]);
    if (outcome === 'timedOut') {
      return failed(call.id, {
        kind: 'unavailable',
        message: `${call.name} took longer than ${limitMs} ms and was stopped. Answer without it, or say the bakery will confirm.`,
      });
    }
    return fromOutcome(call.id, outcome, tool);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const reason = error instanceof Error ? error.message : String(error);
    return failed(call.id, {
      kind: 'unavailable',
      message: `${call.name} failed (${reason}). Answer without it, or say the bakery will confirm.`,
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * The work's result, or a rejection with the signal's reason if it aborts first. The listener
 * goes once the race is decided: a worker's signal lives as long as the process, and a listener
 * left on it per turn would pile up (each new one slower to add, none ever collected).
 */
export async function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  let stop = () => {};
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    stop = () => signal.removeEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    stop();
  }
}

/**
 * The model reads the data as JSON text, exactly as the tool returned it; the typed value goes
 * beside it once it fits the tool's output schema. Data that does not fit is the tool's bug: the
 * call fails rather than hand a reader something other than what the schema promises.
 */
function fromOutcome(callId: string, outcome: ToolOutcome, tool: AnyTool): ToolResult {
  const read = outcome.read && outcome.read.length > 0 ? { read: outcome.read } : {};
  if (!outcome.ok) {
    const checked =
      outcome.data !== undefined ? tool.failureSchema?.safeParse(outcome.data) : undefined;
    const data = checked?.success ? { data: checked.data } : {};
    return { ...failed(callId, outcome.failure), ...data, ...read };
  }
  const checked = tool.outputSchema?.safeParse(outcome.data);
  if (checked && !checked.success) {
    return failed(callId, {
      kind: 'unavailable',
      message: `${tool.name} returned a result out of its own shape. Answer without it, or say the bakery will confirm.`,
    });
  }
  const result: ToolResult = {
    callId,
    content: JSON.stringify(outcome.data),
    isError: false,
    data: checked ? checked.data : outcome.data,
    ...read,
  };
  return outcome.needsPerson ? { ...result, needsPerson: outcome.needsPerson } : result;
}

export function failed(callId: string, failure: ToolFailure): ToolResult {
  return { callId, content: failure.message, isError: true, errorKind: failure.kind };
}
