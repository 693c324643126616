import type { Limits, ModelReply, Spent, Stop, ToolCall } from '../types';

export type Decision = { kind: 'runCalls'; calls: ToolCall[] } | { kind: 'stop'; stop: Stop };

export const nothingSpent: Spent = {
  turns: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  costUsd: 0,
};

/** What the run has spent once this reply is counted: one more turn, its tokens, its dollars. */
export function spendReply(spent: Spent, reply: ModelReply): Spent {
  return {
    turns: spent.turns + 1,
    inputTokens: spent.inputTokens + reply.usage.inputTokens,
    outputTokens: spent.outputTokens + reply.usage.outputTokens,
    cacheReadTokens: spent.cacheReadTokens + reply.usage.cacheReadTokens,
    cacheWriteTokens: spent.cacheWriteTokens + reply.usage.cacheWriteTokens,
    costUsd: spent.costUsd + reply.costUsd,
  };
}

export function totalTokens(spent: Spent): number {
  return spent.inputTokens + spent.outputTokens + spent.cacheReadTokens + spent.cacheWriteTokens;
}

/**
 * The whole policy of the loop, pure. `spent` already counts this reply. An answer is kept even
 * over a limit, since it is paid for; limits only keep the loop from going round again.
 */
export function decide({
  reply,
  spent,
  limits,
}: {
  reply: ModelReply;
  spent: Spent;
  limits: Limits;
}): Decision {
  if (reply.kind === 'answer')
    return { kind: 'stop', stop: { kind: 'answered', text: reply.text } };
  if (reply.kind === 'stop') {
    return {
      kind: 'stop',
      stop: { kind: 'modelStopped', reason: reply.reason, detail: reply.detail },
    };
  }
  if (reply.calls.length === 0) {
    return {
      kind: 'stop',
      stop: { kind: 'modelStopped', reason: 'unfinished', detail: 'asked for no tools' },
    };
  }
  // Going round again means asking the model once more: not allowed once the turns are used up.
  if (spent.turns >= limits.maxTurns) return { kind: 'stop', stop: { kind: 'outOfTurns' } };
  if (totalTokens(spent) >= limits.maxTokens)
    return { kind: 'stop', stop: { kind: 'outOfTokens' } };
  if (spent.costUsd >= limits.maxDollars) return { kind: 'stop', stop: { kind: 'outOfBudget' } };
  return { kind: 'runCalls', calls: reply.calls };
}
