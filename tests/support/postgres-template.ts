import pg from 'pg';
import { closeDb, getDb } from '@/db/client';
import { resetEnvForTests } from '@/lib/env';
import { withPostgresClient as withClient } from './postgres';

/**
 * The PostgreSQL pass's fresh databases are copies (`create database … template …`) of one
 * desk opened once per run exactly as a first open does: migrated, data-migrated, seeded with
 * the example bakery. A copy costs what an empty `create database` does; migrating and seeding
 * each test's database cost about a second more on a loaded machine.
 *
 * The first worker to need it makes it, under an advisory lock on the server's own database, so
 * two workers never race; the others wait and find it done. It is finished when its comment is
 * written (a builder killed half-way leaves a database without one, which the next drops), and
 * then nobody may connect to it: PostgreSQL copies only a database nobody is connected to.
 *
 * The seed stamps its rows with the clock (the bakery's, menu's and knowledge's times, the
 * sample questions a second apart before it): a copy has those times moved forward to the
 * moment it is made, so a test sees the times a first open at that moment would have written.
 */
const TEMPLATE = 'desk_template';

/** Any number, the same in every worker: who builds the template. */
const templateLock = 0x6465_736b;

/** How far before the open a seeded time may lie (the sample questions are seconds before). */
const seededWindowMs = 60 * 60 * 1000;

/** What a copy must move: the seeded times, and the latest of them (the seed's own moment). */
type SeededTimes = { latest: number; from: number; columns: Record<string, string[]> };

/** A new database `name` on the server at `adminUrl`: a copy of the seeded template. */
export async function createSeededDatabase(adminUrl: string, name: string): Promise<string> {
  const seeded = await withClient(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [templateLock]);
    try {
      return (await readTemplate(admin)) ?? (await buildTemplate(admin, adminUrl));
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [templateLock]);
    }
  });
  await withClient(adminUrl, (admin) =>
    admin.query(`create database ${pg.escapeIdentifier(name)} template ${TEMPLATE}`),
  );
  const url = databaseUrl(adminUrl, name);
  const shift = shiftStatements(seeded, Date.now() - seeded.latest);
  if (shift) await withClient(url, (client) => client.query(shift));
  return url;
}

async function readTemplate(admin: pg.Client): Promise<SeededTimes | undefined> {
  const { rows } = await admin.query<{ comment: string | null }>(
    "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
    [TEMPLATE],
  );
  const [row] = rows;
  if (row?.comment) return JSON.parse(row.comment) as SeededTimes;
  // Left half-made by a builder that was stopped: made again.
  if (row) await admin.query(`drop database ${TEMPLATE} with (force)`);
  return undefined;
}

async function buildTemplate(admin: pg.Client, adminUrl: string): Promise<SeededTimes> {
  await admin.query(`create database ${TEMPLATE}`);
  const url = databaseUrl(adminUrl, TEMPLATE);
  const before = process.env.DATABASE_URL;
  const from = Date.now() - seededWindowMs;
  // The process's own first open, as a test's first query makes it.
  await closeDb();
  process.env.DATABASE_URL = url;
  resetEnvForTests();
  try {
    await getDb();
  } finally {
    await closeDb();
    process.env.DATABASE_URL = before;
    resetEnvForTests();
  }
  const seeded = await withClient(url, (client) => findSeededTimes(client, from, Date.now()));
  await admin.query(
    `comment on database ${TEMPLATE} is ${pg.escapeLiteral(JSON.stringify(seeded))}`,
  );
  // Copies are refused while anyone is connected: nobody can be.
  await admin.query(`alter database ${TEMPLATE} allow_connections false`);
  return seeded;
}

/** Every instant column (bigint milliseconds) holding a time taken while the desk was opened. */
async function findSeededTimes(client: pg.Client, from: number, to: number): Promise<SeededTimes> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and data_type = 'bigint' order by table_name, column_name`,
  );
  const columns: Record<string, string[]> = {};
  let latest = from;
  for (const { table_name: table, column_name: column } of rows) {
    const name = pg.escapeIdentifier(column);
    const { rows: found } = await client.query<{ latest: string | null }>(
      `select max(${name}) as latest from ${pg.escapeIdentifier(table)}
       where ${name} between $1 and $2`,
      [from, to],
    );
    const seen = found[0]?.latest;
    if (seen === null || seen === undefined) continue;
    columns[table] = [...(columns[table] ?? []), column];
    latest = Math.max(latest, Number(seen));
  }
  return { latest, from, columns };
}

/** One update per table moving its seeded times by `delta` ms; other values are left alone. */
function shiftStatements(seeded: SeededTimes, delta: number): string {
  if (delta === 0) return '';
  return Object.entries(seeded.columns)
    .map(([table, columns]) => {
      const sets = columns.map((column) => {
        const name = pg.escapeIdentifier(column);
        return `${name} = case when ${name} between ${seeded.from} and ${seeded.latest} then ${name} + ${delta} else ${name} end`;
      });
      return `update ${pg.escapeIdentifier(table)} set ${sets.join(', ')};`;
    })
    .join('\n');
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
