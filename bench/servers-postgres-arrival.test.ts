import * as postgres from './postgres';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark(
  '12. PostgreSQL beside SQLite: arrival to draft',
  { run: ({ size }) => postgres.run({ size, only: ['arrival to draft'] }) },
  { id: 12, timeoutMs: 420_000 },
);
