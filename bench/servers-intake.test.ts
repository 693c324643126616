import * as intake from './intake';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark('3. intake against Next.js’s floor', intake, { id: 3, timeoutMs: 120_000 });
