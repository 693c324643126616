import 'server-only';
import { getDb } from '@/db/client';
import { env } from '@/lib/env';
import { startDraftingWorker, stopDraftingNow } from './service';

export function startInServer(): void {
  getDb();
  if (env().DRAFT_WORKER === 'off') return;
  startDraftingWorker({ log: (message) => console.log(`[drafting] ${message}`) });
  // Next closes the server on SIGTERM and exits; cleanup here must be synchronous.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      const released = stopDraftingNow();
      if (released > 0) console.log(`[drafting] handed back ${released} question(s) on ${signal}`);
    });
  }
}
