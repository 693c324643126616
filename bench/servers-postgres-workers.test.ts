import * as postgres from './postgres';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark(
  '12. PostgreSQL beside SQLite: workers',
  { run: ({ size }) => postgres.run({ size, only: ['workers'] }) },
  { id: 12, timeoutMs: 420_000 },
);
