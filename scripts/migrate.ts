// `npm run db:migrate`: applies pending migrations (and seeds an empty database) at DATABASE_PATH.
import { closeDb, getDb } from '@/db/client';
import { env } from '@/lib/env';

await getDb();
closeDb();
console.log(`Database at ${env().DATABASE_PATH} is migrated.`);
