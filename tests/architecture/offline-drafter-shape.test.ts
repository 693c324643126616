import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The offline drafter stays readable in stages: a file of its holds one reader, one planning
 * step or one part of the catalog, and the folder says its stages in a README. Biome holds its
 * functions to 80 lines (`biome.json`'s override for this folder); this holds its files to 400.
 */
const folder = join(process.cwd(), 'lib/agent/models/offline');
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the offline drafter's shape", () => {
  it(`keeps every source file under ${MAX_LINES} lines`, () => {
    const files = sourceFiles(folder);
    expect(files.length).toBeGreaterThan(10);
    const long = files
      .map((file) => ({
        file: relative(folder, file),
        lines: readFileSync(file, 'utf8').split('\n').length,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('says its stages in a README', () => {
    const readme = join(folder, 'README.md');
    expect(existsSync(readme)).toBe(true);
    const text = readFileSync(readme, 'utf8').toLowerCase();
    for (const stage of ['read', 'frame', 'gate', 'plan', 'catalog']) expect(text).toContain(stage);
  });

  it('limits its functions to 80 lines through the linter', () => {
    const biome = JSON.parse(readFileSync(join(process.cwd(), 'biome.json'), 'utf8'));
    const rule = biome.overrides
      ?.filter((o: { includes?: string[] }) => o.includes?.includes('lib/agent/models/offline/**'))
      .map(
        (o: { linter?: { rules?: { complexity?: Record<string, unknown> } } }) =>
          o.linter?.rules?.complexity?.noExcessiveLinesPerFunction,
      )
      .find(Boolean);
    expect(rule).toMatchObject({ level: 'error', options: { maxLines: 80 } });
  });
});
