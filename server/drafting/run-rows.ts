import type { RunRow, ToolCallRow } from '@/db/queue';
import { factsReadOf } from '@/lib/agent/facts-read';
import type { Run, Spent } from '@/lib/agent/types';

/** When the run ran, and what it read: the facts' version and the conversation up to a message. */
type Timing = {
  startedAt: Date;
  finishedAt: Date;
  factsVersion: number;
  answeredMessageId: number | null;
  messagesRead: number;
};

/** A finished run as the rows that keep it: pure, so what is stored is tested without I/O. */
export function rowsForRun(run: Run, timing: Timing): { run: RunRow; calls: ToolCallRow[] } {
  const stop = run.stop;
  return {
    run: {
      model: run.model,
      stopKind: stop.kind,
      stopReason: stop.kind === 'modelStopped' ? stop.reason : null,
      draftText: stop.kind === 'answered' ? stop.text : null,
      turns: run.spent.turns,
      inputTokens: run.spent.inputTokens,
      outputTokens: run.spent.outputTokens,
      cacheReadTokens: run.spent.cacheReadTokens,
      cacheWriteTokens: run.spent.cacheWriteTokens,
      costUsd: run.spent.costUsd,
      error: stop.kind === 'modelStopped' && stop.detail ? stop.detail : null,
      needsPersonReason: run.needsPerson?.reason ?? null,
      needsPersonNote: run.needsPerson?.note ?? null,
      factsRead: factsReadOf(run.steps),
      ...timing,
    },
    calls: run.steps.map((step, seq) => ({
      seq,
      turn: step.turn,
      callId: step.call.id,
      toolName: step.call.name,
      input: JSON.stringify(step.call.input ?? null),
      result: step.result.content,
      isError: step.result.isError,
      errorKind: step.result.errorKind ?? null,
      durationMs: Math.round(step.durationMs),
    })),
  };
}

/**
 * A request that failed before the model could answer: a run with its error and no draft, the
 * failure's class as its stop reason (GET /metrics counts them by it), and what the turns
 * answered before it cost, so the day's spend counts them.
 */
export function rowsForFailedRequest(
  input: Timing & {
    model: string;
    error: string;
    spent: Spent;
    /** The ModelFailure's kind (`rateLimited`, `stalled`…), null for a fault not the model's. */
    failureKind: string | null;
  },
): RunRow {
  return {
    model: input.model,
    stopKind: 'failed',
    stopReason: input.failureKind,
    draftText: null,
    turns: input.spent.turns,
    inputTokens: input.spent.inputTokens,
    outputTokens: input.spent.outputTokens,
    cacheReadTokens: input.spent.cacheReadTokens,
    cacheWriteTokens: input.spent.cacheWriteTokens,
    costUsd: input.spent.costUsd,
    error: input.error,
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
    factsVersion: input.factsVersion,
    answeredMessageId: input.answeredMessageId,
    messagesRead: input.messagesRead,
  };
}
