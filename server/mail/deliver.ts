import 'server-only';
import { createTransport } from 'nodemailer';
import { getBakery } from '@/db/bakery';
import { messageOfReply } from '@/db/feedback';
import { recordMailChannelError, recordMailChannelOk } from '@/db/mail-channels';
import { type ClaimedEmail, markEmailSent, recordEmailFailure } from '@/db/outbox';
import { angled, feedbackLinks, replyBodies } from '@/lib/mail/compose';
import {
  afterDeliveryFailure,
  classifyFailure,
  type SendFailure,
} from '@/lib/mail/delivery-policy';
import { publishDeskEvent } from '../drafting/live';
import { retryWhileAway } from '../jobs/runner';
import type { MailSettings } from './settings';

/** How long each step of a conversation with the mail server may take before it is a failure. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export type Transport = ReturnType<typeof createTransport>;

/** How many emails a delivery worker hands to the mail server at once, each on its own connection. */
export const DELIVERY_CONCURRENCY = 4;

/**
 * A pool of at most `connections` SMTP connections, reused from one email to the next: a
 * backlog of replies does not pay a connect, greeting and login per email. A connection is
 * closed after 100 emails (servers limit a session) and after a few seconds with nothing to
 * send, so an idle desk holds none open.
 */
export function smtpTransport(
  settings: Pick<MailSettings, 'transport'>,
  { connections = DELIVERY_CONCURRENCY }: { connections?: number } = {},
): Transport {
  return createTransport({
    ...settings.transport,
    pool: true,
    maxConnections: connections,
    maxMessages: 100,
    idleTimeout: 5_000,
    ...TIMEOUTS,
  });
}

export type DeliveryPolicy = { maxAttempts: number; backoffBaseMs?: number };

export type DeliveryOutcome =
  | { kind: 'sent'; response: string }
  | { kind: 'retry' | 'failed'; error: string }
  | { kind: 'stopped' };

/**
 * Hands one claimed email to the mail server and records what it said. The email is the same
 * bytes' worth of meaning on every try: the stored Message-ID, the reply's text as sent, the
 * Date of the send. The moment the server accepts it, the row is marked sent, before anything
 * else (the channel's health, the live news): that gap is the only one where a crash would send
 * the email again, and then under the same Message-ID.
 */
export async function deliverClaimedEmail(input: {
  email: ClaimedEmail;
  settings: MailSettings;
  transport: Transport;
  policy: DeliveryPolicy;
  signal: AbortSignal;
}): Promise<DeliveryOutcome> {
  const { email, settings } = input;
  const bakery = await getBakery();
  if (email.ticketToken === null) {
    // Only a row erased by hand reaches here: nothing to link to, so nothing to send.
    await recordEmailFailure({
      id: email.id,
      leaseToken: email.leaseToken,
      next: { status: 'failed', lastError: 'The email lost its ticket link; it cannot be sent.' },
      now: new Date(),
    });
    return { kind: 'failed', error: 'no ticket link' };
  }
  const ticketUrl = new URL(`/t/${email.ticketToken}`, settings.baseUrl).toString();
  const messageId = await messageOfReply({ replyId: email.replyId });
  const bodies = replyBodies({
    text: email.replyText,
    ticketUrl,
    bakeryName: bakery.name,
    feedback: messageId === undefined ? undefined : feedbackLinks(ticketUrl, messageId),
  });

  let info: { response?: string };
  try {
    info = await input.transport.sendMail({
      from: settings.fromLine,
      to: email.toAddress,
      subject: email.subject,
      messageId: `<${email.emailMessageId}>`,
      inReplyTo: angled(email.inReplyTo),
      references: angled(email.references),
      date: email.createdAt,
      text: bodies.text,
      html: bodies.html,
      signal: input.signal,
    } as Parameters<Transport['sendMail']>[0]);
  } catch (error) {
    // Stopping (the worker hands its leases back) or lost to another claim (the runner renews
    // the lease and aborts the signal): not the email's failure, and nothing to record under a
    // lease no longer ours.
    if (input.signal.aborted) return { kind: 'stopped' };
    return recordFailure(input, error as SendFailure);
  }
  const now = new Date();
  const response = info.response ?? '250 accepted';
  // First, with nothing before it: the acceptance is on record. A database away at this moment
  // (restarting) is waited for, within the lease: handing the email back would send it again.
  await retryWhileAway(() => markEmailSent({ id: email.id, response, now }), {
    signal: input.signal,
    withinMs: settings.leaseMs,
  });
  await recordMailChannelOk({ name: 'smtp', now });
  publishDeskEvent({ kind: 'queueChanged', questionId: email.questionId });
  return { kind: 'sent', response };
}

async function recordFailure(
  input: { email: ClaimedEmail; policy: DeliveryPolicy },
  error: SendFailure,
): Promise<DeliveryOutcome> {
  const now = new Date();
  const failure = classifyFailure(error);
  if (failure.serverTrouble) {
    await recordMailChannelError({ name: 'smtp', error: failure.words, now });
  } else {
    await recordMailChannelOk({ name: 'smtp', now });
  }
  const next = afterDeliveryFailure({
    failure,
    attempts: input.email.attempts,
    maxAttempts: input.policy.maxAttempts,
    now,
    backoffBaseMs: input.policy.backoffBaseMs,
  });
  const kept = await recordEmailFailure({
    id: input.email.id,
    leaseToken: input.email.leaseToken,
    next,
    now,
  });
  publishDeskEvent({ kind: 'queueChanged', questionId: input.email.questionId });
  if (!kept) return { kind: 'stopped' };
  return next.status === 'failed'
    ? { kind: 'failed', error: next.lastError }
    : { kind: 'retry', error: next.lastError };
}

/** Whether the server answers and takes the login: recorded as the channel's state. */
export async function checkSmtp(transport: Transport): Promise<void> {
  const now = () => new Date();
  try {
    await transport.verify();
    await recordMailChannelOk({ name: 'smtp', now: now() });
  } catch (error) {
    await recordMailChannelError({
      name: 'smtp',
      error: classifyFailure(error as SendFailure).words,
      now: now(),
    });
  }
}
