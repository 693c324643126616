import type { Usage } from '../../types';
import { costAt, familyPrice, type ModelPrice } from '../pricing';

// Cached input is billed at the model's cached rate; Chat Completions charges nothing to write
// the cache, so cacheWrite never applies.
const priced = (input: number, cachedInput: number, output: number): ModelPrice => ({
  input,
  output,
  cacheRead: cachedInput,
  cacheWrite: input,
});

/** OpenAI's prices by model id in dollars per million tokens; dated ids take their family's. */
export const openaiPrices: Record<string, ModelPrice> = {
  'gpt-5': priced(1.25, 0.125, 10),
  'gpt-5-mini': priced(0.25, 0.025, 2),
  'gpt-5-nano': priced(0.05, 0.005, 0.4),
  'gpt-4.1': priced(2, 0.5, 8),
  'gpt-4.1-mini': priced(0.4, 0.1, 1.6),
  'gpt-4.1-nano': priced(0.1, 0.025, 0.4),
  'gpt-4o': priced(2.5, 1.25, 10),
  'gpt-4o-mini': priced(0.15, 0.075, 0.6),
  o3: priced(2, 0.5, 8),
  'o4-mini': priced(1.1, 0.275, 4.4),
};

const free: ModelPrice = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/**
 * A model this table does not know (one on the bakery's own machine, or a newer one) costs
 * nothing here: the desk cannot know what it costs, and a local model costs nothing per token.
 * The trace says so (`describeCost`), so a $0 is never mistaken for a measured one.
 */
export function openaiPriceOf(model: string): { price: ModelPrice; known: boolean } {
  const price = familyPrice(openaiPrices, model);
  return price ? { price, known: true } : { price: free, known: false };
}

export function openaiCostOf(usage: Usage, model: string): number {
  return costAt(usage, openaiPriceOf(model).price);
}
