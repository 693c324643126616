import * as dashboard from './dashboard';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark('8. the owner’s dashboard at scale', dashboard, { id: 8, timeoutMs: 120_000 });
