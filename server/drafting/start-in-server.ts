import 'server-only';
import { getDb } from '@/db/client';
import { env } from '@/lib/env';
import { startDraftingWorker, stopDraftingNow } from './service';

export async function startInServer(): Promise<void> {
  await getDb();
  if (env().DRAFT_WORKER === 'off') return;
  startDraftingWorker({ log: (message) => console.log(`[drafting] ${message}`) });
  // Next closes the server on SIGTERM and exits once it has closed: drafts are aborted at once,
  // and the hand-back, waiting for no I/O, finishes while the server is still closing.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopDraftingNow().then(
        (released) => {
          if (released > 0) {
            console.log(`[drafting] handed back ${released} question(s) on ${signal}`);
          }
        },
        (error: unknown) => {
          console.error(`[drafting] could not hand back questions on ${signal}:`, error);
        },
      );
    });
  }
}
