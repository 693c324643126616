import { beforeAll, describe, it } from 'vitest';
import type { BenchmarkResult, Size } from '../figures';
import { expectFigures } from './expect-figures';
import { ensureBuild } from './next-server';

/**
 * One production-server benchmark at the tiny size, a test file of its own so vitest's workers
 * share them out. The build is made first (only when the sources are newer), with the long
 * bound a build needs; ensureBuild takes the browser suite's lock, so two files never build at
 * once.
 */
export function tinyServerBenchmark(
  title: string,
  benchmark: { run: (options: { size: Size }) => Promise<BenchmarkResult> },
  { id, timeoutMs }: { id: number; timeoutMs: number },
): void {
  describe('the production-server benchmarks at a tiny size', () => {
    beforeAll(() => ensureBuild(), 600_000);

    it(title, { timeout: timeoutMs }, async () => {
      expectFigures(await benchmark.run({ size: 'tiny' }), id);
    });
  });
}
