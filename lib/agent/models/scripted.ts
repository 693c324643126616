import type { Model, ModelEvent, ModelReply, ModelTurn, ToolCall, Usage } from '../types';

type TurnOptions = { signal: AbortSignal; onEvent?: (event: ModelEvent) => void };
export type ScriptedReply =
  | ModelReply
  | ((turn: ModelTurn, options: TurnOptions) => ModelReply | Promise<ModelReply>);

export type ScriptedModel = Model & {
  /** Every turn it was sent, in order. */
  readonly turns: ModelTurn[];
};

/** Plays back replies written in advance, for tests; a function reply can wait or stream. */
export function scriptedModel(replies: ScriptedReply[], name = 'scripted'): ScriptedModel {
  const turns: ModelTurn[] = [];
  return {
    name,
    turns,
    async takeTurn(turn, options) {
      turns.push(turn);
      const next = replies[turns.length - 1];
      if (next === undefined) {
        throw new Error(`the scripted model has no reply for turn ${turns.length}`);
      }
      return typeof next === 'function' ? next(turn, options) : next;
    },
  };
}

export const noUsage: Usage = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
};

export function usage(inputTokens: number, outputTokens = 0): Usage {
  return { ...noUsage, inputTokens, outputTokens };
}

export function answerReply(text: string, spent: Usage = noUsage, costUsd = 0): ModelReply {
  return { kind: 'answer', text, usage: spent, costUsd };
}

export function callsReply(calls: ToolCall[], spent: Usage = noUsage, costUsd = 0): ModelReply {
  return { kind: 'toolCalls', calls, usage: spent, costUsd };
}
