import 'server-only';
import { createHash } from 'node:crypto';
import { otherConnectionsCommitCount } from '@/db/client';
import { getConnection } from '@/db/connections';
import { forgetMailChannel } from '@/db/mail-channels';
import { env } from '@/lib/env';
import { COMMIT_CHECK_MS } from '../jobs/runner';
import { type Log, outsideRequest } from '../log';
import { type DeliveryWorker, startDeliveryWorker } from './delivery-worker';
import { type InboundMail, startInboundMail } from './inbound';
import {
  type Channel,
  type IncomingConfig,
  incomingMail,
  type OutgoingConfig,
  outgoingMail,
  ownAddressesOf,
} from './mail-config';

/**
 * The process's mail workers: the delivery worker (replies out) and, where this process reads
 * the mailbox, the watcher (customers' emails in), each running with the settings in force.
 * When those change (the owner saves them in Settings, here or in another process on the same
 * database) the workers are stopped and started again with the new ones: this process is told
 * at once (`reloadMail`), the others see the saved rows' times move within CHANGE_CHECK_MS.
 */
export const MAIL_POLL_MS = 1_000;
/** How often a process looks whether the saved mail settings changed: two small reads. */
export const CHANGE_CHECK_MS = 2_000;
/** How long emails in hand may take to finish when the settings change under them. */
const RESTART_GRACE_MS = 3_000;

type State = {
  log: Log;
  readMailbox: boolean;
  delivery?: { worker: DeliveryWorker; fingerprint: string };
  inbound?: { watcher: InboundMail; fingerprint: string };
  stamps: string;
  timer?: ReturnType<typeof setInterval>;
  /** Reloads one at a time, in order. */
  queue: Promise<void>;
  stopped: boolean;
};

const holder = globalThis as unknown as { __bakeryMail?: State };

const fingerprint = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/** The saved rows' times: when either moves, the settings may have changed. */
async function savedStamps(): Promise<string> {
  const [smtp, imap] = await Promise.all([
    getConnection({ name: 'smtp' }),
    getConnection({ name: 'imap' }),
  ]);
  return `${smtp?.updatedAt?.getTime() ?? 0}:${imap?.updatedAt?.getTime() ?? 0}`;
}

function deliveryPrint(outgoing: Channel<OutgoingConfig>): string {
  return outgoing.state === 'ready' ? fingerprint(outgoing.config) : outgoing.state;
}

function inboundPrint(incoming: Channel<IncomingConfig>, own: string[]): string {
  return incoming.state === 'ready' ? fingerprint({ ...incoming.config, own }) : incoming.state;
}

/** Brings the workers in line with the settings in force; a worker whose settings held is left. */
async function apply(state: State): Promise<void> {
  if (state.stopped) return;
  const [outgoing, incoming] = await Promise.all([outgoingMail(), incomingMail()]);
  const own = ownAddressesOf(outgoing, incoming);

  const outPrint = deliveryPrint(outgoing);
  if ((state.delivery?.fingerprint ?? 'off') !== outPrint) {
    const running = state.delivery;
    state.delivery = undefined;
    if (running) {
      state.log('the settings for replies by email changed: restarting email delivery');
      await running.worker.stop({ graceMs: RESTART_GRACE_MS });
      // The last answer was the old server's: the new one has not been asked yet.
      await forgetMailChannel({ name: 'smtp' });
    }
    if (outgoing.state === 'ready' && !state.stopped) {
      const { transport, fromLine, out, baseUrl } = outgoing.config;
      state.delivery = {
        fingerprint: outPrint,
        worker: startDeliveryWorker({
          settings: { transport, fromLine, out, baseUrl, leaseMs: env().MAIL_LEASE_MS },
          pollMs: MAIL_POLL_MS,
          changeCheck: { everyMs: COMMIT_CHECK_MS, read: otherConnectionsCommitCount },
          log: state.log,
        }),
      };
      state.log(`emailing sent replies from ${fromLine} through ${outgoing.config.shown}`);
    } else if (outgoing.state === 'unreadable') {
      state.log('replies are not emailed: the saved mail password cannot be read any more', {
        level: 'warn',
      });
    }
  }

  if (!state.readMailbox) return;
  const inPrint = inboundPrint(incoming, own);
  if ((state.inbound?.fingerprint ?? 'off') !== inPrint) {
    const running = state.inbound;
    state.inbound = undefined;
    if (running) {
      state.log('the settings for customers’ emails changed: restarting the mailbox watcher');
      await running.watcher.stop();
      await forgetMailChannel({ name: 'imap' });
    }
    if (incoming.state === 'ready' && !state.stopped) {
      state.inbound = {
        fingerprint: inPrint,
        watcher: startInboundMail({ log: state.log, server: incoming.config, own }),
      };
    } else if (incoming.state === 'unreadable') {
      state.log('the mailbox is not read: its saved password cannot be read any more', {
        level: 'warn',
      });
    }
  }
}

function enqueue(state: State, work: () => Promise<void>): Promise<void> {
  const next = state.queue.then(work, work);
  state.queue = next.catch((error: unknown) => {
    state.log(`the mail settings could not be applied: ${(error as Error).message}`, {
      level: 'error',
    });
  });
  return state.queue;
}

/**
 * Starts the process's mail workers with the settings in force and keeps them in line with
 * them. `readMailbox`: whether this process also reads the mailbox (the web server leaves it to
 * `npm run worker` when DRAFT_WORKER=off).
 */
export async function startMail({
  log = () => {},
  readMailbox = true,
}: {
  log?: Log;
  readMailbox?: boolean;
} = {}): Promise<void> {
  if (holder.__bakeryMail) return;
  const state: State = { log, readMailbox, stamps: '', queue: Promise.resolve(), stopped: false };
  holder.__bakeryMail = state;
  state.stamps = await savedStamps().catch(() => '');
  await enqueue(state, () => apply(state));
  state.timer = setInterval(() => {
    void savedStamps().then(
      (stamps) => {
        if (stamps === state.stamps || state.stopped) return;
        state.stamps = stamps;
        void enqueue(state, () => apply(state));
      },
      () => {
        // A busy or absent database: the next look tries again.
      },
    );
  }, CHANGE_CHECK_MS);
  state.timer.unref();
}

/** The settings were saved in this process: apply them now rather than at the next look. */
export async function reloadMail(): Promise<void> {
  const state = holder.__bakeryMail;
  if (!state) return;
  state.stamps = await savedStamps().catch(() => state.stamps);
  // Saved by a request: the workers it restarts outlive it and are not that request's.
  await outsideRequest(() => enqueue(state, () => apply(state)));
}

/** Whether this process's delivery worker is running (for tests and the worker's banner). */
export function mailDeliveryRunning(): boolean {
  return holder.__bakeryMail?.delivery !== undefined;
}

/** For `npm run worker`'s shutdown: emails in hand may finish for graceMs; the watcher stops. */
export async function stopMail({ graceMs }: { graceMs: number }): Promise<void> {
  const state = holder.__bakeryMail;
  if (!state) return;
  state.stopped = true;
  clearInterval(state.timer);
  await Promise.all([state.delivery?.worker.stop({ graceMs }), state.inbound?.watcher.stop()]);
  holder.__bakeryMail = undefined;
}

/**
 * For a server that is exiting: abort the sends in hand and hand them back, before the event
 * loop's next turn (after any transaction already open in this process); the promise brings
 * the count. The mailbox watcher stops too.
 */
export async function stopMailDeliveryNow(): Promise<number> {
  const state = holder.__bakeryMail;
  if (!state) return 0;
  state.stopped = true;
  clearInterval(state.timer);
  const released = state.delivery?.worker.stopNow() ?? Promise.resolve(0);
  void state.inbound?.watcher.stop();
  return released;
}
