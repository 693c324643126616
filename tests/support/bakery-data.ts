import { exampleBakeryData as seededExample } from '@/db/example-bakery';
import type { BakeryData } from '@/lib/agent';

/** The example bakery as the agent sees it, with room to change a fact per test. */
export function exampleBakeryData(change: Partial<BakeryData> = {}): BakeryData {
  return { ...seededExample(), ...change };
}

/** Tuesday 2026-12-01 10:00 in New York, the clock the scenarios are written against. */
export const tuesdayMorning = new Date('2026-12-01T15:00:00Z');
