import * as draftToScreen from './draft-to-screen';
import { tinyServerBenchmark } from './support/tiny-run';

tinyServerBenchmark('11. draft to screen', draftToScreen, { id: 11, timeoutMs: 180_000 });
