import 'server-only';
import { startMailDelivery, stopMailDeliveryNow } from './service';

/** With SMTP_URL set, the server emails sent replies itself (as `npm run worker` also can). */
export function startMailInServer(): void {
  const worker = startMailDelivery({ log: (message) => console.log(`[email] ${message}`) });
  if (!worker) return;
  // Next closes the server on SIGTERM and exits; cleanup here must be synchronous.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      const released = stopMailDeliveryNow();
      if (released > 0) console.log(`[email] handed back ${released} email(s) on ${signal}`);
    });
  }
}
