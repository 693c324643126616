import 'server-only';
import {
  type ClaimedEmail,
  claimNextEmail,
  endEmailLease,
  releaseEmailLeases,
  renewEmailLease,
} from '@/db/outbox';
import { DELIVERY_MAX_ATTEMPTS } from '@/lib/mail/delivery-policy';
import { onDeskEvent } from '../drafting/live';
import { type JobDefinition, newWorkerOwner, startJobRunner } from '../jobs/runner';
import type { Log } from '../log';
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
  /** A cheap count that moves when another process commits: wakes idle slots within everyMs. */
  changeCheck?: { everyMs: number; read: () => Promise<number> };
  policy?: DeliveryPolicy;
  /** How many emails are in the mail server's hands at once; one pooled connection each. */
  concurrency?: number;
  owner?: string;
  transport?: Transport;
  log?: Log;
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
 * The email queue as the job runner works it: the oldest email ready to go, its lease renewed
 * under its claim's token while the mail server takes it, handed over by `deliverClaimedEmail`
 * (which marks it sent the moment the server accepts it, or records the failure under the token).
 */
export function deliveryJobs(input: {
  settings: MailSettings;
  policy: DeliveryPolicy;
  transport: Transport;
  log: Log;
}): JobDefinition<ClaimedEmail> {
  const { settings, policy, transport, log } = input;
  return {
    name: 'email delivery',
    describe: (email) => `reply ${email.replyId}`,
    leaseMs: settings.leaseMs,
    claim: ({ owner, now }) =>
      claimNextEmail({ owner, leaseMs: settings.leaseMs, maxAttempts: policy.maxAttempts, now }),
    renew: (email, now) =>
      renewEmailLease({
        id: email.id,
        leaseToken: email.leaseToken,
        leaseMs: settings.leaseMs,
        now,
      }),
    run: async (email, { signal }) => {
      const outcome = await deliverClaimedEmail({ email, settings, transport, policy, signal });
      const about = { replyId: email.replyId, questionId: email.questionId };
      if (outcome.kind === 'sent') {
        log(`reply ${email.replyId} emailed: ${outcome.response}`, about);
      } else if (outcome.kind !== 'stopped') {
        log(`reply ${email.replyId} not emailed (${outcome.kind}): ${outcome.error}`, {
          ...about,
          level: 'warn',
        });
      }
    },
    handBack: (email, now) => endEmailLease({ id: email.id, leaseToken: email.leaseToken, now }),
    releaseAll: releaseEmailLeases,
  };
}

/**
 * A few slots of the job runner over the email queue, each handing one email to the mail server
 * over a pooled connection: a lease per claim, so any number of slots, servers and
 * `npm run worker` processes can run against one database and each email is handed over by one
 * of them at a time. Idle slots wake when a reply is sent in this process, on another process's
 * commit (with a change check), and at the poll.
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const owner = options.owner ?? newWorkerOwner();
  const log = options.log ?? (() => {});
  const policy = options.policy ?? { maxAttempts: DELIVERY_MAX_ATTEMPTS };
  const concurrency = Math.max(1, options.concurrency ?? DELIVERY_CONCURRENCY);
  const transport =
    options.transport ?? smtpTransport(options.settings, { connections: concurrency });
  const runner = startJobRunner(
    deliveryJobs({ settings: options.settings, policy, transport, log }),
    {
      concurrency,
      pollMs: options.pollMs,
      owner,
      wakeOn: [
        (wake) =>
          onDeskEvent((event) => {
            if (event.kind === 'queueChanged') wake();
          }),
      ],
      changeCheck: options.changeCheck,
      // The channel's state shows on the settings page before the first reply goes out.
      beforeClaiming: () => checkSmtp(transport).catch(() => {}),
      log,
    },
  );
  log(`email delivery ${owner} started, ${concurrency} at once`);
  return {
    owner,
    async stop(stopOptions) {
      const released = await runner.stop(stopOptions);
      transport.close();
      log(`email delivery ${owner} stopped; ${released} email(s) handed back`);
    },
    stopNow: runner.stopNow,
  };
}
