/** The drafting agent's public face: what the app, the queue and the scripts import. */

export { parseWallTime, zonedInstant, zonedParts } from './bakery/calendar';
export type {
  BakeryData,
  Clock,
  DateException,
  Hours,
  IsoWeekday,
  MenuItemData,
} from './bakery/data';
export { formatCents } from './bakery/money';
export { bakeryTools } from './bakery/tools';
export { limitsFromEnv, modelConfigFromEnv } from './config';
export { type Decision, decide, nothingSpent, spendReply, totalTokens } from './core/decide';
export { type RunAgentOptions, runAgent, spentBeforeFailure } from './core/run-agent';
export { type AnyTool, defineTool, type Tool, type ToolOutcome } from './core/tool';
export {
  checkClaude,
  describeModelCheck,
  type ModelCheck,
} from './models/claude/check';
export type { ClaudeSettings } from './models/claude/claude-model';
export { claudePrices, costOf, type ModelPrice, priceOf } from './models/claude/prices';
export { claudePromptParts, createModel, type ModelConfig } from './models/create-model';
export {
  type ModelFailure,
  type ModelFailureKind,
  ModelRequestError,
  modelFailureOf,
} from './models/model-error';
export { offlineModel, offlineModelName } from './models/offline/offline-model';
export { scriptedModel } from './models/scripted';
export * from './types';
