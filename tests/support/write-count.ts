import { sqlRun, sqlValue } from './sql';
import { onPostgres } from './temp-db';

/**
 * Starts counting the rows the process's database has written (inserted, updated, deleted,
 * triggers' writes included) and returns the count's reader, for tests that check a refused
 * call wrote nothing. SQLite counts them on its connection (`total_changes()`); PostgreSQL
 * has no such count, so a row trigger on every table of the test's own database adds each
 * to a counter. Call it once the database is open, before the calls it is to count.
 */
export async function startCountingWrites(): Promise<() => Promise<number>> {
  if (!onPostgres()) return async () => Number(await sqlValue('select total_changes() as n'));
  await sqlRun('create table test_row_writes (n bigint not null)');
  await sqlRun('insert into test_row_writes (n) values (0)');
  await sqlRun(
    `create function test_count_row_write() returns trigger language plpgsql as $$
       begin update test_row_writes set n = n + 1; return null; end $$`,
  );
  await sqlRun(
    `do $$ declare t record; begin
       for t in select tablename from pg_tables
                 where schemaname = 'public' and tablename <> 'test_row_writes' loop
         execute format('create trigger test_count_row_writes after insert or update or delete
                           on %I for each row execute function test_count_row_write()', t.tablename);
       end loop;
     end $$`,
  );
  return async () => Number(await sqlValue('select n from test_row_writes'));
}
