// `npm run db:migrate`: applies pending migrations (and seeds an empty database) at DATABASE_URL or DATABASE_PATH.
import { closeDb, getDb } from '@/db/client';
import { env } from '@/lib/env';

await getDb();
await closeDb();
const { DATABASE_URL, DATABASE_PATH } = env();
process.stdout.write(`Database at ${DATABASE_URL ? 'DATABASE_URL' : DATABASE_PATH} is migrated.\n`);
