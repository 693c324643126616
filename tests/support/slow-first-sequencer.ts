import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { startsProcesses } from './unit-projects';

/**
 * Test files that start servers, workers or mail servers take tens of seconds each, most of it
 * waiting. Vitest runs the files it has no timings for largest first, and these are small, so on
 * a fresh clone (CI) they would run last, one worker busy and the other idle. This order starts
 * them first, and vitest's own after that (its timings, once it has them).
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = new Set(sorted.filter((file) => startsProcesses.test(source(file.moduleId))));
    // Within each project, which vitest keeps together and in its own order.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) => {
      const own = sorted.filter((file) => file.project.name === name);
      return [...own.filter((file) => slow.has(file)), ...own.filter((file) => !slow.has(file))];
    });
  }
}

function source(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
