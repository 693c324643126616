import { beforeAll, describe, it } from 'vitest';
import * as arrivalToDraft from './arrival-to-draft';
import * as dashboard from './dashboard';
import * as draftToScreen from './draft-to-screen';
import * as inbox from './inbox';
import * as intake from './intake';
import * as memory from './memory';
import * as postgres from './postgres';
import { expectFigures } from './support/expect-figures';
import { ensureBuild } from './support/next-server';

// One file, so the production build is made (when the sources are newer than it) once and
// never by two workers at the same time; `npm test` then reuses it for the browser suite.
describe('the production-server benchmarks at a tiny size', () => {
  beforeAll(() => ensureBuild(), 600_000);

  it('3. intake against Next.js’s floor', { timeout: 120_000 }, async () => {
    expectFigures(await intake.run({ size: 'tiny' }), 3);
  });

  it('7. memory with every worker on', { timeout: 120_000 }, async () => {
    expectFigures(await memory.run({ size: 'tiny' }), 7);
  });

  it('10. arrival to draft', { timeout: 180_000 }, async () => {
    expectFigures(await arrivalToDraft.run({ size: 'tiny' }), 10);
  });

  it('11. draft to screen', { timeout: 180_000 }, async () => {
    expectFigures(await draftToScreen.run({ size: 'tiny' }), 11);
  });

  it('4. inbox at scale', { timeout: 120_000 }, async () => {
    expectFigures(await inbox.run({ size: 'tiny' }), 4);
  });

  it('8. the owner’s dashboard at scale', { timeout: 120_000 }, async () => {
    expectFigures(await dashboard.run({ size: 'tiny' }), 8);
  });

  it('12. PostgreSQL beside SQLite', { timeout: 420_000 }, async () => {
    expectFigures(await postgres.run({ size: 'tiny' }), 12);
  });
});
