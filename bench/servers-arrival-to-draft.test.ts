import * as arrivalToDraft from './arrival-to-draft';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark('10. arrival to draft', arrivalToDraft, { id: 10, timeoutMs: 180_000 });
