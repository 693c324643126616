/**
 * Runs once when a server process starts (never at build time). It opens the database, so a
 * fresh install is migrated and seeded before the first request, starts the drafting worker
 * unless DRAFT_WORKER=off, emails sent replies and reads the mailbox (unless DRAFT_WORKER=off)
 * when email is set up in the environment or in Settings, sweeps expired sessions, erases conversations past the owner's
 * retention period, takes the daily backup (SQLite) and SQLite's checkpoints (on a thread of
 * their own), and prints the one-time setup code while the desk has no account.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startInServer } = await import('./server/drafting/start-in-server');
  // Opens (migrates, seeds) the database first: a desk that cannot open it does not start.
  await startInServer();
  // SQLite's checkpoints (the WAL copied back, both files synced) off the thread that answers.
  const { checkpointDeskInBackground } = await import('./db/sqlite-checkpoints');
  const { logger } = await import('./server/log');
  await checkpointDeskInBackground((message) =>
    logger('database').warn({ problem: message }, 'the background checkpoint failed'),
  );
  const { startMailInServer } = await import('./server/mail/start-in-server');
  await startMailInServer();
  const { startSessionSweeper } = await import('./server/session-sweeper');
  startSessionSweeper();
  const { startRetentionSweeper } = await import('./server/retention-sweeper');
  startRetentionSweeper();
  // The daily backup of a SQLite desk: the web server schedules it, `npm run worker` never does.
  const { startBackupSchedule } = await import('./server/backup-schedule');
  startBackupSchedule();
  const { announceSetupCode } = await import('./server/setup-code');
  await announceSetupCode();
}

/**
 * A page, action or route handler failed: logged with its request id and the error's digest,
 * which the error page (app/error.tsx) turns back into the request id for staff to quote.
 */
export async function onRequestError(
  error: unknown,
  request: { path: string; method: string; headers: Record<string, unknown> },
  context: { routeType?: string; routePath?: string },
): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { recordRequestError } = await import('./server/request-errors');
  recordRequestError(error, request, context);
}
