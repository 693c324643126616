/**
 * The agent's vocabulary: what a model says, what a tool returns, why a run stops and what a
 * run leaves behind. Plain data only: this module imports nothing, so the core, the shell,
 * the models and the app all agree on it without depending on each other.
 */

/** Tokens spent by one model reply (or, added up, by a run). */
export type Usage = {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
};

export type ToolCall = {
  /** The model's id for the call; results go back under it. */
  id: string;
  name: string;
  /** Exactly what the model wrote: untrusted until a tool's decoder accepts it. */
  input: unknown;
};

export type ModelStopReason = 'refused' | 'truncated' | 'unfinished';

/** Exactly one of three things comes back from a model turn, with what it cost. */
export type ModelReply =
  | { kind: 'answer'; text: string; usage: Usage; costUsd: number }
  | { kind: 'toolCalls'; calls: ToolCall[]; text?: string; usage: Usage; costUsd: number }
  | { kind: 'stop'; reason: ModelStopReason; detail?: string; usage: Usage; costUsd: number };

export type ToolFailureKind = 'badInput' | 'notFound' | 'unavailable';

/** Why a question needs a person: what no tool answers, or what the drafter could not read. */
export const needsPersonReasons = [
  'allergens',
  'ingredients',
  'delivery',
  'customOrder',
  'complaint',
  'refund',
  'medical',
  'notUnderstood',
  'other',
] as const;
export type NeedsPersonReason = (typeof needsPersonReasons)[number];

/** A run's mark for staff: a person must check this before (or instead of) the draft. */
export type NeedsPerson = { reason: NeedsPersonReason; note: string };

/**
 * One fact a tool read, so a draft is stale only when something it read changed: an item by its
 * name key ("item:rye loaf"), the whole menu ("menu", read by a list or a name not on it), a day
 * ("day:2026-12-05": that weekday's hours and any exception on that date), one knowledge entry
 * ("entry:3"), or the knowledge search itself ("knowledge": a new entry might answer it).
 */
export type FactRef = `item:${string}` | 'menu' | `day:${string}` | `entry:${number}` | 'knowledge';

/** What the model reads back for one call. */
export type ToolResult = {
  callId: string;
  /** The prose the model reads: the tool's data as JSON, or the failure's message. */
  content: string;
  /**
   * The same result as typed values, checked against the tool's output schema by the core (on a
   * failure, what it is about, when the tool says). Never sent to a model and never stored: a
   * reader of results that is not a model (the offline drafter) reads this, not the prose.
   */
  data?: unknown;
  isError: boolean;
  /** Set when isError: which kind of failure, so the app can count "not on the menu". */
  errorKind?: ToolFailureKind;
  /** Set by a tool that marks the question for a person; the run carries it to staff. */
  needsPerson?: NeedsPerson;
  /** The facts the call read (kept with the run; never sent to the model). */
  read?: FactRef[];
};

/** An earlier message of the conversation: what the customer wrote, or what the bakery sent. */
export type ThreadTurn = { author: 'customer' | 'bakery'; text: string };

/**
 * A model's input for one turn: the task to start (the customer's newest message, after the
 * conversation so far), or the results of the calls it asked for.
 */
export type ModelTurn =
  | {
      kind: 'task';
      text: string;
      earlier: readonly ThreadTurn[];
      /**
       * Staff's notes on the conversation: the bakery's own context, never the customer's words.
       * A model that reads them keeps them apart from the messages; the offline drafter ignores them.
       */
      notes?: readonly string[];
    }
  | { kind: 'toolResults'; results: ToolResult[] };

/** Streamed while a model writes; a page may show the draft as it grows. */
export type ModelEvent = { kind: 'textDelta'; text: string };

/** One conversation with one model. The loop never sees which provider is behind it. */
export interface Model {
  /** Shown wherever a draft shows its model: a model id, or "offline drafter". */
  readonly name: string;
  takeTurn(
    turn: ModelTurn,
    options: { signal: AbortSignal; onEvent?: (event: ModelEvent) => void },
  ): Promise<ModelReply>;
}

export type Limits = {
  /** The model is asked at most this many times. */
  maxTurns: number;
  /** Input plus output tokens, all kinds, across the run. */
  maxTokens: number;
  maxDollars: number;
};

export type Spent = Usage & { turns: number; costUsd: number };

export type Stop =
  | { kind: 'answered'; text: string }
  | { kind: 'outOfTurns' }
  | { kind: 'outOfTokens' }
  | { kind: 'outOfBudget' }
  | { kind: 'modelStopped'; reason: ModelStopReason; detail?: string };

export type StopKind = Stop['kind'];

/** One call the loop made (or refused to make), with what went back to the model. */
export type Step = {
  turn: number;
  call: ToolCall;
  result: ToolResult;
  durationMs: number;
};

/** Everything a run leaves behind: why it stopped, what it spent, every lookup. */
export type Run = {
  model: string;
  stop: Stop;
  spent: Spent;
  steps: Step[];
  /** The first mark a tool set during the run, or null when the draft may stand on its own. */
  needsPerson: NeedsPerson | null;
};

/** Emitted by runAgent as it goes, in order. */
export type AgentEvent =
  | { kind: 'turnStarted'; turn: number }
  | { kind: 'textDelta'; turn: number; text: string }
  | { kind: 'toolCall'; turn: number; call: ToolCall }
  | { kind: 'toolResult'; turn: number; result: ToolResult; durationMs: number }
  | { kind: 'stopped'; stop: Stop; spent: Spent };
