import type { Dovecot } from './dovecot';
import { waitUntil } from './processes';
import { sqlValue } from './sql';

/*
 * Waiting for the mailbox watcher, as the mail tests do: until the desk has kept its emails
 * (their inbound_emails rows, on the run's engine) and the mailbox has them marked seen. Each wait
 * fails with what it waited for once its time is up.
 */

type Mailbox = Pick<Dovecot, 'list'>;

/** How many emails the desk has kept. */
export async function emailsTaken(): Promise<number> {
  return Number(await sqlValue('select count(*) from inbound_emails'));
}

/** Every message in the mailbox's inbox is marked seen (none is left unseen). */
export async function allSeen(mailbox: Mailbox): Promise<boolean> {
  return (await mailbox.list()).every((message) => message.seen);
}

/** Waits until every message in the mailbox's inbox is marked seen. */
export async function waitUntilAllSeen(
  mailbox: Mailbox,
  timeoutMs: number,
  what = 'every email is marked seen',
): Promise<void> {
  await waitUntil(what, () => allSeen(mailbox), timeoutMs);
}

/**
 * Waits until the desk has kept `count` emails in all, and, given a mailbox, until every message
 * in it is marked seen too.
 */
export async function waitUntilTaken(
  count: number,
  { mailbox, timeoutMs, what }: { mailbox?: Mailbox; timeoutMs: number; what: string },
): Promise<void> {
  await waitUntil(
    what,
    async () => (await emailsTaken()) === count && (!mailbox || (await allSeen(mailbox))),
    timeoutMs,
  );
}

/** Appends one email and waits until the desk has kept one more than before it. */
export async function deliverAndWait(
  mailbox: Pick<Dovecot, 'append'>,
  raw: string | Buffer,
  timeoutMs: number,
): Promise<void> {
  const before = await emailsTaken();
  await mailbox.append(raw);
  await waitUntil('the email is taken', async () => (await emailsTaken()) > before, timeoutMs);
}
