import type { Usage } from '../types';

/** Dollars per million tokens. */
export type ModelPrice = { input: number; output: number; cacheRead: number; cacheWrite: number };

/**
 * The price of `model` in a table keyed by model family: an exact id, or the longest family id
 * it extends with a dash (a dated id such as "gpt-4.1-2025-04-14" takes "gpt-4.1"'s price).
 */
export function familyPrice(
  table: Record<string, ModelPrice>,
  model: string,
): ModelPrice | undefined {
  const family = Object.keys(table)
    .filter((id) => model === id || model.startsWith(`${id}-`))
    .sort((a, b) => b.length - a.length)[0];
  return family ? table[family] : undefined;
}

export function costAt(usage: Usage, price: ModelPrice): number {
  return (
    (usage.inputTokens * price.input +
      usage.outputTokens * price.output +
      usage.cacheReadTokens * price.cacheRead +
      usage.cacheWriteTokens * price.cacheWrite) /
    1_000_000
  );
}

/**
 * A run's cost in words. A model with no known price (a local model, or one newer than the
 * desk's table) is counted as free, and the words say so rather than claim it cost nothing.
 */
export function describeCost({
  model,
  costUsd,
  tokens,
}: {
  model: string;
  costUsd: number;
  tokens: number;
}): string {
  const dollars = `$${costUsd.toFixed(4)}`;
  return costUsd === 0 && tokens > 0
    ? `${dollars} (no price known for ${model}; counted as free)`
    : dollars;
}
