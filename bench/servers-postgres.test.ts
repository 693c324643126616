import * as postgres from './postgres';
import { tinyServerBenchmark } from './support/tiny-run';

// One file, so its intake, arrival and worker measurements share one PostgreSQL server and, at
// the tiny size, their `next start` and worker processes (postgres.ts, tinyRun).
tinyServerBenchmark('12. PostgreSQL beside SQLite', postgres, { id: 12, timeoutMs: 600_000 });
