import type { Usage } from '../../types';
import { costAt, familyPrice, type ModelPrice } from '../pricing';

export type { ModelPrice } from '../pricing';

// Cache reads cost a tenth of input and (five-minute) cache writes a quarter more than input.
const priced = (input: number, output: number): ModelPrice => ({
  input,
  output,
  cacheRead: input / 10,
  cacheWrite: input * 1.25,
});

/** Prices by model id; a dated id ("claude-sonnet-4-5-20250929") takes its family's price. */
export const claudePrices: Record<string, ModelPrice> = {
  'claude-opus-5-5': priced(5, 25),
  'claude-opus-5': priced(5, 25),
  'claude-opus-4-5': priced(5, 25),
  'claude-opus-4-1': priced(15, 75),
  'claude-opus-4': priced(15, 75),
  'claude-sonnet-5': priced(3, 15),
  'claude-sonnet-4-5': priced(3, 15),
  'claude-sonnet-4': priced(3, 15),
  'claude-haiku-5': priced(1, 5),
  'claude-haiku-4-5': priced(1, 5),
};

/**
 * An unknown model is priced as the dearest we know, so a dollar budget stops a run too early
 * rather than too late; `known` lets a caller say so.
 */
export const unknownModelPrice: ModelPrice = priced(15, 75);

export function priceOf(model: string): { price: ModelPrice; known: boolean } {
  const price = familyPrice(claudePrices, model);
  return price ? { price, known: true } : { price: unknownModelPrice, known: false };
}

export function costOf(usage: Usage, model: string): number {
  return costAt(usage, priceOf(model).price);
}
