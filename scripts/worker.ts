// `npm run worker`: drafts questions apart from the web server, emails sent replies and reads
// the mailbox when email is set up (in the environment, or in Settings: a change saved there is
// picked up within a few seconds, without a restart). On SIGTERM or SIGINT it stops
// claiming, lets drafts in hand finish for a few seconds, aborts the rest, hands their questions
// back to the queue and exits, all within 10 seconds.
// First: it checks the configuration before the modules below read it as they load.
import './support/config-check';
// Then: it refuses a database a newer release has migrated.
import './support/schema-check';
import { closeDb, getDb } from '@/db/client';
import { env } from '@/lib/env';
import { currentModelChoice } from '@/server/drafting/model-choice';
import { startDraftingWorker } from '@/server/drafting/service';
import { logger, logTo } from '@/server/log';
import { routeConsoleToLogger } from '@/server/log-core.mjs';
import { startMail, stopMail } from '@/server/mail/service';
import { startRetentionSweeper } from '@/server/retention-sweeper';

const GRACE_MS = 6_000;
const log = logger('worker');

async function main(): Promise<void> {
  // Under LOG_FORMAT=json, a library's console line or Node's warning is a JSON line too.
  routeConsoleToLogger();
  const config = env();
  await getDb();
  startRetentionSweeper();
  const worker = startDraftingWorker({
    concurrency: config.DRAFT_CONCURRENCY,
    log: logTo(logger('drafting')),
  });
  await startMail({ log: logTo(logger('email')) });
  // The model as of now: each draft reads it again, so a change saved in Settings needs no restart.
  const { provider } = await currentModelChoice();
  log.info(
    { provider, concurrency: config.DRAFT_CONCURRENCY },
    `drafting with the ${provider} model from ${config.DATABASE_URL ? 'DATABASE_URL' : config.DATABASE_PATH}, ${config.DRAFT_CONCURRENCY} at once`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'finishing drafts in hand, then exiting');
    // A last resort: whatever happens, the process is gone well inside 10 seconds.
    setTimeout(() => process.exit(1), 9_000).unref();
    Promise.all([worker.stop({ graceMs: GRACE_MS }), stopMail({ graceMs: GRACE_MS })])
      .then(async () => {
        await closeDb();
        process.exit(0);
      })
      .catch((error) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'the worker stopped');
  process.exit(1);
});
