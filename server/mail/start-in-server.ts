import 'server-only';
import { startMailDelivery, stopMailDeliveryNow } from './service';

/** With SMTP_URL set, the server emails sent replies itself (as `npm run worker` also can). */
export function startMailInServer(): void {
  const worker = startMailDelivery({ log: (message) => console.log(`[email] ${message}`) });
  if (!worker) return;
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
