import * as postgres from './postgres';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark(
  '12. PostgreSQL beside SQLite: intake',
  { run: ({ size }) => postgres.run({ size, only: ['intake'] }) },
  { id: 12, timeoutMs: 420_000 },
);
