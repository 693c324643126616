import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { LIGHT_EDIT_MAX_SHARE } from '@/lib/insights/figures';
import { type Db, engineOf, getDb, immediate } from './client';
import { dashboardQuarterHours, firstReplies } from './schema';

/**
 * The dashboard's figures kept per quarter hour (`dashboard_quarter_hours`, db/tables.ts):
 * triggers keep them as questions, messages and runs change; this fills them again from the
 * rows, as the migration that made the table did, for a table found wrong or emptied by hand
 * (`npm run db:rebuild-figures`), with each question's first reply (`first_replies`), and gives a
 * reply written without its edit class one.
 */

/** An instant's quarter hour: every time zone's midnight is a whole one. */
export const QUARTER_MS = 900_000;

/** A raw write on either engine (drizzle's SQLite handle runs it, PostgreSQL's executes it). */
async function write(db: Db, query: SQL): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await (db as unknown as { execute: (query: SQL) => Promise<unknown> }).execute(query);
  } else {
    await db.run(query);
  }
}

/**
 * The edit class of a reply that has none (one written around the trigger), from its text and
 * its run's draft as they are now, as the trigger decides it when a reply goes in
 * (lib/insights/figures.ts `editClass`). A reply's class once kept is never decided again: its
 * text may have been erased since.
 */
function fillMissingEditClasses(db: Db): SQL {
  const largest = engineOf(db) === 'postgres' ? sql.raw('greatest') : sql.raw('max');
  return sql`
    update replies set edit_class = case
      when edit_distance <= 0 then 'unchanged'
      when edit_distance <= cast(${sql.raw(String(LIGHT_EDIT_MAX_SHARE))} as double precision) * ${largest}(1,
        length(text), coalesce((select length(a.draft_text) from agent_runs a where a.id = replies.run_id), 0))
        then 'light'
      else 'rewritten' end
    where edit_class is null`;
}

/** The tools a reply's draft looked up, for a reply with a run and none kept, as the trigger writes them. */
function fillMissingRunTools(db: Db): SQL {
  const tools =
    engineOf(db) === 'postgres'
      ? sql`(select string_agg(distinct t.tool_name, ',' order by t.tool_name) from
          (select tool_name collate "C" as tool_name from tool_calls where run_id = replies.run_id) t)`
      : sql`(select group_concat(n.tool_name, ',') from
          (select distinct t.tool_name from tool_calls t where t.run_id = replies.run_id order by t.tool_name) n)`;
  return sql`update replies set run_tools = ${tools} where run_id is not null and run_tools is null`;
}

export async function rebuildDashboardQuarterHours(): Promise<{ quarters: number }> {
  const db = await getDb();
  return immediate(db, async (tx) => {
    await write(tx, fillMissingEditClasses(tx));
    await write(tx, fillMissingRunTools(tx));
    await tx.delete(dashboardQuarterHours);
    await write(
      tx,
      sql`
      insert into dashboard_quarter_hours (quarter, channel, questions, messages)
      select q.received_at / ${sql.raw(String(QUARTER_MS))}, q.channel, count(*),
        sum((select count(*) from messages m where m.question_id = q.id))
      from questions q group by 1, 2`,
    );
    await write(
      tx,
      sql`
      insert into dashboard_quarter_hours (quarter, channel, runs, cost_usd, input_tokens,
        output_tokens, cache_read_tokens, cache_write_tokens)
      select a.finished_at / ${sql.raw(String(QUARTER_MS))}, q.channel, count(*), sum(a.cost_usd),
        sum(a.input_tokens), sum(a.output_tokens), sum(a.cache_read_tokens), sum(a.cache_write_tokens)
      from agent_runs a join questions q on q.id = a.question_id where true group by 1, 2
      on conflict (quarter, channel) do update set runs = excluded.runs,
        cost_usd = excluded.cost_usd, input_tokens = excluded.input_tokens,
        output_tokens = excluded.output_tokens, cache_read_tokens = excluded.cache_read_tokens,
        cache_write_tokens = excluded.cache_write_tokens`,
    );
    await tx.delete(firstReplies);
    await write(
      tx,
      engineOf(tx) === 'postgres'
        ? sql`
      insert into first_replies (question_id, received_at, channel, sent_at, sent_by)
      select distinct on (r.question_id) q.id, q.received_at, q.channel, r.sent_at, r.sent_by
      from replies r join questions q on q.id = r.question_id
      order by r.question_id, r.sent_at, r.id`
        : sql`
      insert into first_replies (question_id, received_at, channel, sent_at, sent_by)
      select q.id, q.received_at, q.channel, f.sent_at, f.sent_by
      from (select r.question_id, r.sent_at, r.sent_by,
          row_number() over (partition by r.question_id order by r.sent_at, r.id) as nth
        from replies r) f
      join questions q on q.id = f.question_id where f.nth = 1`,
    );
    const [row] = await tx.select({ n: sql<number>`count(*)` }).from(dashboardQuarterHours);
    return { quarters: Number(row?.n ?? 0) };
  });
}
