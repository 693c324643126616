import { expect } from 'vitest';
import type { BenchmarkResult } from '../figures';

/** Every figure has finite samples, and a baseline (when it has one) does too. */
export function expectFigures(result: BenchmarkResult, id: number): void {
  expect(result.error).toBeUndefined();
  expect(result.id).toBe(id);
  expect(result.method).not.toBe('');
  expect(result.figures.length).toBeGreaterThan(0);
  for (const figure of result.figures) {
    expect(figure.samples.length).toBeGreaterThan(0);
    for (const value of [...figure.samples, ...(figure.baseline?.samples ?? [])]) {
      expect(Number.isFinite(value)).toBe(true);
    }
  }
}
