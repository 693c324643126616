import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { DayWindow } from '@/lib/insights/range';
import { type Db, engineOf } from '../client';

/**
 * Where the dashboard's SQL (db/insights.ts) is written differently on SQLite and PostgreSQL:
 * each difference one named function, so both engines give the same figures from the same
 * rows. Everything else in those queries is written once.
 */

type Engine = ReturnType<typeof engineOf>;

/**
 * Runs a raw query and names its values by `columns`, the query's column names in select order.
 * Drizzle answers raw SQL on SQLite with each row as an array of values in that order; on
 * PostgreSQL with objects keyed by the column names, which it folds to lower case.
 */
export async function namedRows<T>(db: Db, columns: readonly string[], query: SQL): Promise<T[]> {
  if (engineOf(db) === 'postgres') {
    const pg = db as unknown as { execute: (query: SQL) => Promise<{ rows: object[] }> };
    const { rows } = await pg.execute(query);
    return rows.map(
      (row) =>
        Object.fromEntries(
          columns.map((name) => [name, (row as Record<string, unknown>)[name.toLowerCase()]]),
        ) as T,
    );
  }
  const rows = await db.all<unknown[]>(query);
  // A loop rather than Object.fromEntries: the first-reply waits come back one row per answered
  // question, and building each from entry pairs cost more than reading them.
  return rows.map((row) => {
    const named: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) named[columns[i] as string] = row[i];
    return named as T;
  });
}

/**
 * `with days(date, start_ms, end_ms, opens_ms, closes_ms) as (values …)`: the range's days as a
 * small table. PostgreSQL reads an untyped value in `values` as text, so there each column is
 * given its type; SQLite compares the bound numbers as they are.
 */
export function daysTable(engine: Engine, days: readonly DayWindow[]): SQL {
  if (days.length === 0) throw new Error('A range has at least one day.');
  const rows = sql.join(
    days.map((d) =>
      engine === 'postgres'
        ? sql`(cast(${d.date} as text), cast(${d.start} as bigint), cast(${d.end} as bigint), cast(${d.opens} as bigint), cast(${d.closes} as bigint))`
        : sql`(${d.date}, ${d.start}, ${d.end}, ${d.opens}, ${d.closes})`,
    ),
    sql`, `,
  );
  // On SQLite the days are kept in order of their start, so a query grouped by
  // `d.start_ms, d.date` sums each day's rows as they come, with no sort of every row read.
  return engine === 'postgres'
    ? sql`with days(date, start_ms, end_ms, opens_ms, closes_ms) as (values ${rows})`
    : sql`with days(date, start_ms, end_ms, opens_ms, closes_ms) as materialized
      (select * from (values ${rows}) order by 2, 1)`;
}

/**
 * A group's values as one comma-separated text, in the same order for every list taken of the
 * same group: SQLite's `group_concat` steps through the group's rows once for all of them;
 * PostgreSQL's `string_agg` is told the order (`orderBy`, unique within the group).
 */
export function listOf(engine: Engine, value: string, orderBy: string): SQL {
  return engine === 'postgres'
    ? sql.raw(`string_agg(cast(${value} as text), ',' order by ${orderBy})`)
    : sql.raw(`group_concat(${value}, ',')`);
}

/**
 * Text compared byte by byte, as SQLite's BINARY collation does: PostgreSQL otherwise orders
 * (and takes `min` of) text by the database's locale, where 'spam' may come before 'Spam'.
 */
export function bytewise(engine: Engine, text: string): string {
  return engine === 'postgres' ? `${text} collate "C"` : text;
}

/**
 * Text with its ASCII letters in lower case and every other character as it is, as SQLite's
 * `lower` does; PostgreSQL's folds every alphabet.
 */
export function lowerAscii(engine: Engine, text: string): string {
  return engine === 'postgres'
    ? `translate(${text}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`
    : `lower(${text})`;
}

/**
 * Each question's first reply sent since `start`: `question_id`, `first_sent_at` and that
 * reply's `sent_by`. SQLite takes the bare `sent_by` from the row with the `min(sent_at)`;
 * PostgreSQL picks the row with `distinct on`.
 */
export function firstRepliesSince(engine: Engine, start: number): SQL {
  return engine === 'postgres'
    ? sql`select distinct on (r.question_id) r.question_id as question_id, r.sent_at as first_sent_at, r.sent_by as sent_by
      from replies r where r.sent_at >= ${start}
      order by r.question_id, r.sent_at, r.id`
    : sql`select r.question_id as question_id, min(r.sent_at) as first_sent_at, r.sent_by as sent_by
      from replies r where r.sent_at >= ${start}
      group by r.question_id`;
}

/**
 * Whether a run's `facts_read` (a JSON array of fact keys, or null when it read none) holds one
 * of the owner's entries: false, never null, for a run that read nothing.
 */
export function readAnEntry(engine: Engine, factsRead: string): SQL {
  return engine === 'postgres'
    ? sql.raw(`coalesce(jsonb_path_exists(${factsRead}, '$[*] ? (@ starts with "entry:")'), false)`)
    : sql.raw(`exists (select 1 from json_each(${factsRead}) j where j.value like 'entry:%')`);
}

/**
 * The runs `where` picks (aliased `ar`, joined to their question `q`), newest per question:
 * `questionId`, `text`, `reason` (the newest run's mark) and `markedAt`, newest first, at most
 * `limit`. SQLite takes the bare mark from the row with the `max(finished_at)`; PostgreSQL
 * picks that row with `distinct on`.
 */
export function newestRunPerQuestion(engine: Engine, where: SQL, limit: number): SQL {
  if (engine === 'postgres') {
    return sql`
    select questionId, text, reason, markedAt from (
      select distinct on (q.id) q.id as questionId, q.text as text, ar.needs_person_reason as reason,
        ar.finished_at as markedAt
      from agent_runs ar join questions q on q.id = ar.question_id
      where ${where}
      order by q.id, ar.finished_at desc, ar.id desc
    ) newest
    order by markedAt desc, questionId desc
    limit ${limit}`;
  }
  return sql`
    select q.id as questionId, q.text as text, ar.needs_person_reason as reason,
      max(ar.finished_at) as markedAt
    from agent_runs ar join questions q on q.id = ar.question_id
    where ${where}
    group by q.id
    order by markedAt desc, q.id desc
    limit ${limit}`;
}
