import * as inbox from './inbox';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark('4. inbox at scale', inbox, { id: 4, timeoutMs: 120_000 });
