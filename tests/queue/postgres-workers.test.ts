// @module-tag postgres: PostgreSQL's own worker processes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { queueApiQuestions } from '../support/queued-questions';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

type Claim = { question_id: number; owner: string; claimed_at: number; expires_at: number };

const QUESTIONS = 500;

/*
 * On PostgreSQL, workers claim with SELECT … FOR UPDATE SKIP LOCKED rather than taking turns on
 * the desk's write lock. Every lease ever taken is logged by a trigger, so the test sees each
 * claim, not only the runs left at the end.
 */
describe.runIf(onPostgres())('drafting worker processes on PostgreSQL', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  const workers: Spawned[] = [];

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
    await sqlRun(
      'create table lease_log (id bigserial primary key, question_id integer, owner text, claimed_at bigint, expires_at bigint)',
    );
    await sqlRun(
      `create function log_lease() returns trigger language plpgsql as $$ begin
         if new.lease_token is not null and new.lease_token is distinct from old.lease_token then
           insert into lease_log (question_id, owner, claimed_at, expires_at)
             values (new.id, new.lease_owner, new.updated_at, new.lease_expires_at);
         end if;
         return new;
       end; $$`,
    );
    await sqlRun(
      'create trigger log_lease after update on questions for each row execute function log_lease()',
    );
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    await temp.cleanup();
  });

  it('two workers and a third killed mid-run draft 500 questions, each exactly once', async () => {
    await queueApiQuestions(QUESTIONS);
    // A short lease, so what the killed worker held is claimed again within the test.
    const env = {
      DATABASE_PATH: temp.path,
      DRAFT_MODEL: 'offline',
      DRAFT_CONCURRENCY: '3',
      DRAFT_LEASE_MS: '2000',
    };
    const doomed = spawnWorker({ ...env, PGAPPNAME: 'doomed-worker' });
    workers.push(doomed, spawnWorker(env), spawnWorker(env));
    const doomedOwner = `%:${doomed.child.pid}:%`;

    // Killed once the run is well under way and while it holds leases of its own. The waits are
    // hang bounds, not timings: under CI's two lanes, three workers and the database share two
    // cores.
    await waitUntil(
      'a fifth of the questions are drafted',
      async () =>
        (await sqlValue<number>("select count(*) from questions where status = 'drafted'")) >=
        QUESTIONS / 5,
      120_000,
    );
    await waitUntil(
      'the third worker holds a lease',
      async () =>
        (await sqlValue<number>(
          "select count(*) from questions where status = 'drafting' and lease_owner like ?",
          doomedOwner,
        )) > 0,
      60_000,
    );
    killGroup(doomed, 'SIGKILL');
    expect(await doomed.exited).toBeNull();
    // Its connections end with it: nothing it sent is still being carried out.
    await sqlRun(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'doomed-worker'",
    );
    await waitUntil(
      'the killed worker’s connections are gone',
      async () =>
        (await sqlValue<number>(
          "select count(*) from pg_stat_activity where application_name = 'doomed-worker'",
        )) === 0,
    );
    const abandoned = (
      await sqlRows<{ id: number }>(
        "select id from questions where status = 'drafting' and lease_owner like ? order by id",
        doomedOwner,
      )
    ).map((row) => Number(row.id));
    expect(abandoned.length).toBeGreaterThan(0);

    await waitUntil(
      'every question is drafted',
      async () =>
        (await sqlValue<number>(
          "select count(*) from questions where channel = 'api' and status = 'drafted'",
        )) === QUESTIONS,
      120_000,
    );

    // One run per question: the killed worker's leases stored nothing, and were drafted once
    // by the worker that claimed them next.
    const runs = await sqlRows<{ id: number; runs: number }>(
      "select q.id, count(r.id) as runs from questions q left join agent_runs r on r.question_id = q.id where q.channel = 'api' group by q.id",
    );
    expect(runs).toHaveLength(QUESTIONS);
    expect(runs.filter((row) => Number(row.runs) !== 1)).toEqual([]);
    expect(await sqlValue("select count(*) from agent_runs where stop_kind <> 'answered'")).toBe(0);

    // Every question was claimed once, but for those the killed worker held: claimed again by
    // another worker, and only once that lease had run out. No question was held by two.
    const claims = await sqlRows<Claim>(
      'select question_id, owner, claimed_at, expires_at from lease_log order by id',
    );
    const byQuestion = new Map<number, Claim[]>();
    for (const claim of claims) {
      const id = Number(claim.question_id);
      byQuestion.set(id, [...(byQuestion.get(id) ?? []), claim]);
    }
    expect(byQuestion.size).toBe(QUESTIONS);
    const doomedPid = `:${doomed.child.pid}:`;
    const claimedTwice: number[] = [];
    for (const [id, held] of byQuestion) {
      if (held.length === 1) continue;
      claimedTwice.push(id);
      expect(held, `question ${id}`).toHaveLength(2);
      const [first, second] = held as [Claim, Claim];
      expect(first.owner).toContain(doomedPid);
      expect(second.owner).not.toContain(doomedPid);
      expect(Number(second.claimed_at)).toBeGreaterThanOrEqual(Number(first.expires_at));
    }
    expect(claimedTwice.sort((a, b) => a - b)).toEqual(abandoned);
    // All three took part.
    expect(new Set(claims.map((claim) => claim.owner.split(':')[1])).size).toBe(3);
  }, 360_000);
});
