import { describe, it } from 'vitest';
import * as agentLoop from './agent-loop';
import * as email from './email';
import * as parallelTools from './parallel-tools';
import * as promptCache from './prompt-cache';
import { expectFigures } from './support/expect-figures';
import * as workerThroughput from './worker-throughput';

// The benchmarks at a tiny size: they must still run and report, not be fast.
describe('the in-process benchmarks at a tiny size', () => {
  it('1. agent loop overhead', async () => {
    expectFigures(await agentLoop.run({ size: 'tiny' }), 1);
  });

  it('2. parallel tools', async () => {
    expectFigures(await parallelTools.run({ size: 'tiny' }), 2);
  });

  it('5. worker throughput', async () => {
    expectFigures(await workerThroughput.run({ size: 'tiny' }), 5);
  });

  it('6. prompt-cache friendliness', async () => {
    expectFigures(await promptCache.run({ size: 'tiny' }), 6);
  });

  it('9. email throughput (a real SMTP server and Dovecot)', async () => {
    expectFigures(await email.run({ size: 'tiny' }), 9);
  });
});
