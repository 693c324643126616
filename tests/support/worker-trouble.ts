import { expect } from 'vitest';
import { killGroup, type Spawned } from './processes';
import { sqlRows, sqlValue } from './sql';

/**
 * What a drafting worker process leaves once the database has come back from a spell away
 * (a restart, a lock held too long): every intake question drafted by exactly one run, none
 * left held, one line a slot when the trouble began (not one a try) and one when it ended, and
 * the process still running and stopping cleanly on SIGTERM.
 */
export async function expectWorkerRodeItOut(
  running: Spawned,
  { questions, slots }: { questions: number; slots: number },
): Promise<void> {
  const perQuestion = await sqlRows<{ id: number; runs: number }>(
    "select q.id, count(r.id) as runs from questions q left join agent_runs r on r.question_id = q.id where q.channel = 'api' group by q.id",
  );
  expect(perQuestion).toHaveLength(questions);
  expect(perQuestion.filter((row) => Number(row.runs) !== 1)).toEqual([]);
  expect(await sqlValue("select count(*) from questions where status = 'drafting'")).toBe(0);

  const output = running.output();
  const troubleLines = output.split('\n').filter((line) => line.includes('did not answer'));
  expect(troubleLines.length).toBeGreaterThan(0);
  expect(troubleLines.length).toBeLessThanOrEqual(slots);
  expect(output).toContain('answers again');

  expect(running.child.exitCode, output).toBeNull();
  killGroup(running, 'SIGTERM');
  expect(await running.exited).toBe(0);
}
