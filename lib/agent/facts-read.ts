import type { FactRef, Step } from './types';

/**
 * Every fact a run's calls read, once each and in a stable order: kept with the run so a later
 * change marks its draft stale only when the draft rests on what changed.
 */
export function factsReadOf(steps: readonly Step[]): FactRef[] {
  const read = new Set<FactRef>();
  for (const step of steps) for (const fact of step.result.read ?? []) read.add(fact);
  return [...read].sort();
}
