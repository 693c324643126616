import 'server-only';
import { ImapFlow } from 'imapflow';
import { type StoredEmail, storeInboundEmail } from '@/db/inbound-mail';
import { recordMailChannelError, recordMailChannelOk } from '@/db/mail-channels';
import { env } from '@/lib/env';
import { mailboxAddress } from '@/lib/mail/address';
import { readEmail } from '@/lib/mail/read-email';
import { describeMailError, type MailServer, parseMailServer } from '@/lib/mail/server-url';
import { publishDeskEvent } from '../drafting/live';

/** The desk's own addresses: mail from them is its own coming back, never a question. */
export function ownAddresses(config = env()): string[] {
  const own = [config.MAIL_FROM ? mailboxAddress(config.MAIL_FROM) : undefined];
  if (config.IMAP_URL) own.push(mailboxAddress(parseMailServer(config.IMAP_URL).user));
  return own.filter((address) => address !== undefined).map((address) => address.toLowerCase());
}

/**
 * Reads and stores one raw email. Parsing never throws (unreadable mail is stored as such); a
 * database failure does, and then the email stays unseen on the server to be taken again.
 */
export async function takeEmail(
  raw: Buffer,
  {
    own,
    authservId,
    now = new Date(),
  }: { own: readonly string[]; authservId?: string; now?: Date },
): Promise<StoredEmail> {
  let read: Awaited<ReturnType<typeof readEmail>>;
  try {
    read = await readEmail(raw, { ownAddresses: own, authservId });
  } catch (error) {
    read = {
      readable: false,
      reason: `it could not be parsed (${(error as Error).message})`,
      messageId: null,
    };
  }
  const stored = await storeInboundEmail({ raw, read, now });
  if (!stored.duplicate && stored.row.questionId !== null) {
    publishDeskEvent({ kind: 'queueChanged', questionId: stored.row.questionId });
  }
  return stored;
}

export type InboundMail = { stop: () => Promise<void> };

/** A pass that has not finished by then is stuck on a silent server: reconnect. */
const PASS_DEADLINE_MS = 2 * 60_000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the mail server did not answer within ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

type Log = (message: string) => void;

/** Waits up to ms, or less when stop() is called. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Every unseen email of the mailbox, oldest first: stored (one transaction), then marked seen
 * or moved to the done folder. Only after the commit: a crash in between leaves the email
 * unseen, and taking it again finds its key and stores nothing new.
 */
async function takeUnseen(
  client: ImapFlow,
  {
    own,
    authservId,
    doneFolder,
    log,
  }: {
    own: readonly string[];
    authservId: string | undefined;
    doneFolder: string | undefined;
    log: Log;
  },
): Promise<void> {
  const uids = (await client.search({ seen: false }, { uid: true })) || [];
  for (const uid of uids.sort((a, b) => a - b)) {
    const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
    const source = message === false ? undefined : message.source;
    if (!source) continue;
    const stored = await takeEmail(source, { own, authservId });
    if (!stored.duplicate) {
      const { outcome, reason, questionId } = stored.row;
      log(
        `email ${uid}: ${outcome}${reason ? ` (${reason})` : ''}${questionId ? ` in conversation ${questionId}` : ''}`,
      );
    }
    if (doneFolder) await client.messageMove(String(uid), doneFolder, { uid: true });
    else await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
  }
}

/**
 * Watches IMAP_URL's mailbox: IDLE for new mail as it arrives, a check every IMAP_POLL_MS in
 * case the server does not push, and a reconnect with backoff when the server drops or refuses
 * the desk. Nothing a server or an email does escapes it: failures are recorded as the imap
 * channel's last error (shown on /admin/settings) and the desk keeps working without mail.
 */
export function startInboundMail({ log = console.log }: { log?: Log } = {}): InboundMail {
  const config = env();
  if (!config.IMAP_URL) return { stop: async () => {} };
  const server: MailServer = parseMailServer(config.IMAP_URL);
  const own = ownAddresses(config);
  const pollMs = config.IMAP_POLL_MS;
  const doneFolder = config.IMAP_DONE_FOLDER;
  const stopping = new AbortController();
  let current: ImapFlow | undefined;

  const failed = async (error: unknown): Promise<void> => {
    const words = describeMailError(error, [server.password, config.IMAP_URL ?? '']);
    log(`${server.shown}: ${words}`);
    try {
      await recordMailChannelError({ name: 'imap', error: words, now: new Date() });
    } catch {
      // The database being unavailable is not the mailbox's fault; the next pass records it.
    }
  };

  const session = async (): Promise<void> => {
    const client = new ImapFlow({
      host: server.host,
      port: server.port,
      secure: server.secure,
      auth: { user: server.user, pass: server.password },
      logger: false,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
      // IDLE soon after each pass, so new mail is pushed rather than waiting for the poll.
      autoIdleDelay: 1_000,
    });
    current = client;
    // An 'error' without a listener would end the process. `failed` never rejects.
    client.on('error', (error: unknown) => void failed(error));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await client.connect();
    try {
      await client.mailboxOpen(server.mailbox);
      if (doneFolder) {
        const folders = await client.list();
        if (!folders.some((folder) => folder.path === doneFolder)) {
          await client.mailboxCreate(doneFolder);
        }
        await client.mailboxOpen(server.mailbox);
      }
      // One pass at a time, then wait: for IDLE's news of new mail, or the poll interval (for
      // servers that push nothing), whichever comes first. Between passes the client idles.
      let news = false;
      let wake = () => {};
      client.on('exists', () => {
        news = true;
        wake();
      });
      const stopped = new Promise<void>((resolve) =>
        stopping.signal.addEventListener('abort', () => resolve()),
      );
      while (!stopping.signal.aborted && client.usable) {
        news = false;
        await withDeadline(
          takeUnseen(client, { own, authservId: config.IMAP_AUTHSERV_ID, doneFolder, log }),
          PASS_DEADLINE_MS,
        );
        await recordMailChannelOk({ name: 'imap', now: new Date() });
        if (news) continue;
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          closed,
          stopped,
          new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, pollMs);
          }),
        ]);
        clearTimeout(timer);
        wake = () => {};
      }
    } finally {
      if (client.usable) await client.logout().catch(() => client.close());
      else client.close();
      current = undefined;
    }
  };

  const loop = (async () => {
    let backoffMs = 1_000;
    while (!stopping.signal.aborted) {
      const began = Date.now();
      try {
        await session();
      } catch (error) {
        await failed(error);
      }
      if (stopping.signal.aborted) break;
      // A session that lasted a while was healthy: start over quickly.
      backoffMs =
        Date.now() - began > 60_000 ? 1_000 : Math.min(backoffMs * 2, Math.max(pollMs, 1_000));
      await pause(backoffMs, stopping.signal);
    }
  })();

  log(`reading ${server.shown} (checked every ${pollMs} ms, and as mail arrives)`);
  return {
    stop: async () => {
      stopping.abort();
      current?.close();
      await loop;
    },
  };
}
