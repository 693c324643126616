import 'server-only';
import { claimNextEmail, releaseEmailLeases } from '@/db/outbox';
import { DELIVERY_MAX_ATTEMPTS } from '@/lib/mail/delivery-policy';
import { onDeskEvent } from '../drafting/live';
import { newWorkerOwner } from '../drafting/worker';
import { idleSlots } from '../idle-slots';
import {
  checkSmtp,
  DELIVERY_CONCURRENCY,
  type DeliveryPolicy,
  deliverClaimedEmail,
  smtpTransport,
  type Transport,
} from './deliver';
import type { MailSettings } from './settings';

export type DeliveryWorkerOptions = {
  settings: MailSettings;
  /** How often an idle worker looks for emails another process queued. */
  pollMs: number;
  policy?: DeliveryPolicy;
  /** How many emails are in the mail server's hands at once; one pooled connection each. */
  concurrency?: number;
  owner?: string;
  transport?: Transport;
  log?: (message: string) => void;
};

export type DeliveryWorker = {
  readonly owner: string;
  /** Stops claiming, lets the emails in hand finish for up to graceMs, then hands back the rest. */
  stop: (options?: { graceMs?: number }) => Promise<void>;
  /**
   * For a process exiting now: abort the sends in hand and hand their emails back. The hand-back
   * runs before the event loop's next turn (after any transaction already open in this process);
   * the promise only brings the count.
   */
  stopNow: () => Promise<number>;
};

/**
 * A few slots, each claiming the oldest email ready to go and handing it to the mail server over
 * a pooled connection, like the drafting worker: a lease per claim, so any number of slots,
 * servers and `npm run worker` processes can run against one database and each email is handed
 * over by one of them at a time. Idle slots wake when a reply is sent in this process, and poll
 * for the others.
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const owner = options.owner ?? newWorkerOwner();
  const log = options.log ?? (() => {});
  const policy = options.policy ?? { maxAttempts: DELIVERY_MAX_ATTEMPTS };
  const concurrency = Math.max(1, options.concurrency ?? DELIVERY_CONCURRENCY);
  const transport =
    options.transport ?? smtpTransport(options.settings, { connections: concurrency });
  const abortAll = new AbortController();
  let claiming = true;
  const { sleep: idle, wakeAll } = idleSlots(options.pollMs);
  const unsubscribe = onDeskEvent((event) => {
    if (event.kind === 'queueChanged') wakeAll();
  });

  async function slot(): Promise<void> {
    while (claiming) {
      let email: Awaited<ReturnType<typeof claimNextEmail>>;
      try {
        email = await claimNextEmail({
          owner,
          leaseMs: options.settings.leaseMs,
          maxAttempts: policy.maxAttempts,
          now: new Date(),
        });
      } catch (error) {
        log(`could not claim an email: ${(error as Error).message}`);
      }
      if (!email) {
        if (claiming) await idle();
        continue;
      }
      try {
        const outcome = await deliverClaimedEmail({
          email,
          settings: options.settings,
          transport,
          policy,
          signal: abortAll.signal,
        });
        if (outcome.kind === 'sent') log(`reply ${email.replyId} emailed: ${outcome.response}`);
        else if (outcome.kind !== 'stopped') {
          log(`reply ${email.replyId} not emailed (${outcome.kind}): ${outcome.error}`);
        }
      } catch (error) {
        // A bug or a dead database: the lease runs out and the email is tried again.
        log(`reply ${email.replyId}: ${(error as Error).stack ?? error}`);
      }
    }
  }

  const running = (async () => {
    // The channel's state shows on the settings page before the first reply goes out.
    await checkSmtp(transport).catch(() => {});
    await Promise.all(Array.from({ length: concurrency }, () => slot()));
  })();
  log(`email delivery ${owner} started, ${concurrency} at once`);
  const halt = () => {
    claiming = false;
    unsubscribe();
    wakeAll();
  };
  return {
    owner,
    async stop({ graceMs = 8_000 } = {}) {
      halt();
      const finished = running.then(() => true);
      const inTime = await Promise.race([
        finished,
        new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
      ]);
      if (!inTime) abortAll.abort(new Error('The delivery worker is shutting down.'));
      await finished;
      transport.close();
      const released = await releaseEmailLeases({ owner, now: new Date() });
      log(`email delivery ${owner} stopped; ${released} email(s) handed back`);
    },
    stopNow() {
      halt();
      abortAll.abort(new Error('The delivery worker is shutting down.'));
      return releaseEmailLeases({ owner, now: new Date() });
    },
  };
}
