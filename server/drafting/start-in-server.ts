import 'server-only';
import { getDb } from '@/db/client';
import { env } from '@/lib/env';
import { logger, logTo } from '@/server/log';
import { startDraftingWorker, stopDraftingNow } from './service';

export async function startInServer(): Promise<void> {
  await getDb();
  if (env().DRAFT_WORKER === 'off') return;
  const log = logger('drafting');
  startDraftingWorker({ log: logTo(log) });
  // Next closes the server on SIGTERM and exits once it has closed: drafts are aborted at once,
  // and the hand-back, waiting for no I/O, finishes while the server is still closing.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopDraftingNow().then(
        (released) => {
          if (released > 0) log.info({ released, signal }, `handed back ${released} question(s)`);
        },
        (error: unknown) => {
          log.error({ signal, err: error }, 'could not hand back the questions in hand');
        },
      );
    });
  }
}
