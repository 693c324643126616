import * as memory from './memory';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark('7. memory with every worker on', memory, { id: 7, timeoutMs: 120_000 });
