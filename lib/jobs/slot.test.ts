import { describe, expect, it } from 'vitest';
import { type Backoff, backoffDelay, nextStep, type SlotEvent } from './slot';

const backoff: Backoff = { baseMs: 250, capMs: 4_000 };
const highest = () => 0.999_999;
const lowest = () => 0;

describe('the back-off after the database failed', () => {
  it('doubles from the base up to the cap', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, backoff, highest));
    expect(delays).toEqual([250, 500, 1_000, 2_000, 4_000, 4_000, 4_000, 4_000]);
  });

  it('draws each wait between half and all of its ceiling', () => {
    expect(backoffDelay(3, backoff, lowest)).toBe(500);
    expect(backoffDelay(3, backoff, () => 0.5)).toBe(750);
    for (let failures = 1; failures < 12; failures++) {
      for (const r of [0, 0.1, 0.37, 0.5, 0.9, 0.999]) {
        const ms = backoffDelay(failures, backoff, () => r);
        const ceiling = Math.min(4_000, 250 * 2 ** (failures - 1));
        expect(ms).toBeGreaterThanOrEqual(ceiling / 2);
        expect(ms).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it('stays within the cap whatever the random source gives', () => {
    expect(backoffDelay(50, backoff, () => 7)).toBe(4_000);
    expect(backoffDelay(50, backoff, () => -3)).toBe(2_000);
  });
});

describe('what a slot does next', () => {
  const step = (failures: number, event: SlotEvent) =>
    nextStep({ failures }, event, backoff, highest);

  it('runs what it claimed, sleeps on an empty queue, claims again after a run', () => {
    expect(step(0, 'claimed')).toEqual({ state: { failures: 0 }, step: { do: 'run' } });
    expect(step(0, 'empty')).toEqual({ state: { failures: 0 }, step: { do: 'sleep' } });
    expect(step(0, 'ran')).toEqual({
      state: { failures: 0 },
      step: { do: 'claim', yieldFirst: true },
    });
  });

  it('backs off longer after each failed claim, and a claim that answers clears the count', () => {
    expect(step(0, 'claimFailed')).toEqual({
      state: { failures: 1 },
      step: { do: 'wait', ms: 250, retry: 'claim' },
    });
    expect(step(3, 'claimFailed')).toEqual({
      state: { failures: 4 },
      step: { do: 'wait', ms: 2_000, retry: 'claim' },
    });
    expect(step(4, 'empty').state).toEqual({ failures: 0 });
    expect(step(4, 'claimed').state).toEqual({ failures: 0 });
  });

  it('hands back a job whose run threw, retrying with back-off until the database answers', () => {
    expect(step(0, 'crashed')).toEqual({ state: { failures: 0 }, step: { do: 'handBack' } });
    expect(step(0, 'handBackFailed')).toEqual({
      state: { failures: 1 },
      step: { do: 'wait', ms: 250, retry: 'handBack' },
    });
    expect(step(2, 'handedBack')).toEqual({
      state: { failures: 0 },
      step: { do: 'claim', yieldFirst: true },
    });
  });
});
