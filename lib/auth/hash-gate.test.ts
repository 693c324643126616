import { describe, expect, it } from 'vitest';
import { HashGate } from './hash-gate';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the hash gate', () => {
  it('runs at most `concurrency`, queues `queue`, and refuses the rest before any work', async () => {
    const gate = new HashGate({ concurrency: 2, queue: 1 });
    const started: number[] = [];
    const blockers = [deferred(), deferred(), deferred(), deferred()];
    const runs = blockers.map((b, i) =>
      gate.tryRun(async () => {
        started.push(i);
        await b.promise;
        return i;
      }),
    );
    expect(runs[3]).toBeNull();
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });

    blockers[0]?.resolve();
    await runs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });

    blockers[1]?.resolve();
    blockers[2]?.resolve();
    expect(await Promise.all(runs.slice(0, 3))).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its slot when the work fails', async () => {
    const gate = new HashGate({ concurrency: 1, queue: 0 });
    await expect(gate.tryRun(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.tryRun(async () => 'ran')).not.toBeNull();
  });
});
