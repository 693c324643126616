import 'server-only';
import { join } from 'node:path';

/** SQLite's migrations (drizzle/), as this release ships them. */
export const MIGRATIONS_FOLDER = join(process.cwd(), 'drizzle');
