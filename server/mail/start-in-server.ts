import 'server-only';
import { env } from '@/lib/env';
import { startMail, stopMailDeliveryNow } from './service';

/**
 * The server emails sent replies itself when email is set up (in the environment or in
 * Settings), and reads the mailbox unless DRAFT_WORKER=off leaves that to `npm run worker`.
 * A change saved in Settings restarts them without restarting the server.
 */
export async function startMailInServer(): Promise<void> {
  try {
    await startMail({
      log: (message) => console.log(`[email] ${message}`),
      readMailbox: env().DRAFT_WORKER !== 'off',
    });
  } catch (error) {
    // The desk works without email; the settings page shows what is wrong.
    console.error(`[email] could not start: ${(error as Error).message}`);
  }
  // Next closes the server on SIGTERM and exits once it has closed: the hand-back runs before
  // that, in this turn's microtasks; only the count's message waits for the promise.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void stopMailDeliveryNow().then(
        (released) => {
          if (released > 0) console.log(`[email] handed back ${released} email(s) on ${signal}`);
        },
        (error: unknown) => console.error('[email] could not hand back the emails in hand:', error),
      );
    });
  }
}
