import { defineConfig } from 'drizzle-kit';

// The PostgreSQL schema's migrations; drizzle.config.ts keeps SQLite's in drizzle/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema-postgres.ts',
  out: './drizzle-postgres',
});
