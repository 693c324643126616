/** The drafting agent's public face: what the app, the queue and the scripts import. */

export { parseWallTime, zonedInstant, zonedParts } from './bakery/calendar';
export type {
  BakeryData,
  Clock,
  DateException,
  Hours,
  IsoWeekday,
  KnowledgeHit,
  KnowledgeSearch,
  MenuItemData,
} from './bakery/data';
export { type Allergen, allergens, type DietaryTag, dietaryTags } from './bakery/data';
export { formatCents } from './bakery/money';
export { bakeryTools, itemFact } from './bakery/tools';
export {
  type DraftModelKind,
  draftModelKinds,
  limitsFromEnv,
  modelConfigFromEnv,
  openaiSettings,
} from './config';
export { type Decision, decide, nothingSpent, spendReply, totalTokens } from './core/decide';
export { type RunAgentOptions, runAgent, spentBeforeFailure } from './core/run-agent';
export { type AnyTool, defineTool, type Tool, type ToolOutcome } from './core/tool';
export { factsReadOf } from './facts-read';
export { checkClaude } from './models/claude/check';
export type { ClaudeSettings } from './models/claude/claude-model';
export { claudePrices, costOf, type ModelPrice, priceOf } from './models/claude/prices';
export { createModel, type ModelConfig, promptParts } from './models/create-model';
export {
  describeModelCheck,
  type ModelCheck,
  type ModelProvider,
  type SettingNames,
} from './models/model-check';
export {
  type ModelFailure,
  type ModelFailureKind,
  ModelRequestError,
  modelFailureOf,
} from './models/model-error';
export { offlineModel, offlineModelName } from './models/offline/offline-model';
export { checkOpenAI } from './models/openai/check';
export {
  type OpenAISettings,
  openaiDefaultBaseURL,
} from './models/openai/openai-model';
export { openaiPriceOf, openaiPrices } from './models/openai/prices';
export { describeCost } from './models/pricing';
export { scriptedModel } from './models/scripted';
export * from './types';
