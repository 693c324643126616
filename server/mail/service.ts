import 'server-only';
import { type DeliveryWorker, startDeliveryWorker } from './delivery-worker';
import { mailSettingsFromEnv } from './settings';

/** The process's one email delivery worker, when SMTP_URL is set. */
const holder = globalThis as unknown as { __bakeryMailDelivery?: DeliveryWorker };

export const MAIL_POLL_MS = 1_000;

export function startMailDelivery(
  options: { log?: (m: string) => void } = {},
): DeliveryWorker | undefined {
  if (holder.__bakeryMailDelivery) return holder.__bakeryMailDelivery;
  const settings = mailSettingsFromEnv();
  if (!settings) return undefined;
  holder.__bakeryMailDelivery = startDeliveryWorker({
    settings,
    pollMs: MAIL_POLL_MS,
    log: options.log,
  });
  return holder.__bakeryMailDelivery;
}

/**
 * For a server that is exiting: abort the send in hand and hand it back, before the event loop's
 * next turn (after any transaction already open in this process); the promise brings the count.
 */
export async function stopMailDeliveryNow(): Promise<number> {
  return (await holder.__bakeryMailDelivery?.stopNow()) ?? 0;
}
