import 'server-only';
import { env } from '@/lib/env';
import { logger, logTo } from '@/server/log';
import { startMail, stopMailDeliveryNow } from './service';

/**
 * The server emails sent replies itself when email is set up (in the environment or in
 * Settings), and reads the mailbox unless DRAFT_WORKER=off leaves that to `npm run worker`.
 * A change saved in Settings restarts them without restarting the server.
 */
export async function startMailInServer(): Promise<void> {
  const log = logger('email');
  try {
    await startMail({
      log: logTo(log),
      readMailbox: env().DRAFT_WORKER !== 'off',
    });
  } catch (error) {
    // The desk works without email; the settings page shows what is wrong.
    log.error({ err: error }, 'email could not start');
  }
  // Next closes the server on SIGTERM and exits once it has closed: the hand-back runs before
  // that, in this turn's microtasks; only the count's message waits for the promise.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void stopMailDeliveryNow().then(
        (released) => {
          if (released > 0) log.info({ released, signal }, `handed back ${released} email(s)`);
        },
        (error: unknown) =>
          log.error({ signal, err: error }, 'could not hand back the emails in hand'),
      );
    });
  }
}
