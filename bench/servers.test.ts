import { beforeAll, describe, it } from 'vitest';
import * as dashboard from './dashboard';
import * as inbox from './inbox';
import * as intake from './intake';
import { expectFigures } from './support/expect-figures';
import { ensureBuild } from './support/next-server';

// One file, so the production build is made (when the sources are newer than it) once and
// never by two workers at the same time; `npm test` then reuses it for the browser suite.
describe('the production-server benchmarks at a tiny size', () => {
  beforeAll(() => ensureBuild(), 600_000);

  it('3 and 7. intake and memory', { timeout: 120_000 }, async () => {
    const [intakeResult, memory] = await intake.run({ size: 'tiny' });
    expectFigures(intakeResult, 3);
    expectFigures(memory, 7);
  });

  it('4. inbox at scale', { timeout: 120_000 }, async () => {
    expectFigures(await inbox.run({ size: 'tiny' }), 4);
  });

  it('8. the owner’s dashboard at scale', { timeout: 120_000 }, async () => {
    expectFigures(await dashboard.run({ size: 'tiny' }), 8);
  });
});
