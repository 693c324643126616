// Imported first by scripts/eval.ts, before any module reads the configuration: the eval
// searches the example bakery's knowledge in a scratch SQLite file of its own and never opens
// the desk's database, so a DATABASE_URL set for a desk on PostgreSQL must not choose
// PostgreSQL's tables for that file (db/schema.ts picks them as the process starts).
delete process.env.DATABASE_URL;
