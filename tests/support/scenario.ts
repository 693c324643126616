import { describe, it } from 'vitest';

/**
 * A test for one scenario of a .feature file, named exactly after it; the feature's coverage
 * test finds these calls by name.
 */
export const scenario = it;

/** One scenario checked against a table of examples, one test per row. */
export function scenarioTable<Row extends { name: string }>(
  name: string,
  rows: readonly Row[],
  check: (row: Row) => void | Promise<void>,
): void {
  describe(name, () => {
    for (const row of rows) it(row.name, () => check(row));
  });
}
