import 'server-only';
import { ImapFlow } from 'imapflow';
import { recordMailChannelError, recordMailChannelOk } from '@/db/mail-channels';
import { env } from '@/lib/env';
import { mailboxAddress } from '@/lib/mail/address';
import { describeMailError, parseMailServer } from '@/lib/mail/server-url';
import { type Log, logger, logTo } from '@/server/log';
import { ReaderStopped, startEmailReader } from './email-reader';
import { type IncomingConfig, incomingFrom } from './mail-config';
import { MailServerFailure, takeUnseen } from './take-email';

export { takeEmail } from './take-email';

/** The desk's own addresses: mail from them is its own coming back, never a question. */
export function ownAddresses(config = env()): string[] {
  const own = [config.MAIL_FROM ? mailboxAddress(config.MAIL_FROM) : undefined];
  if (config.IMAP_URL) own.push(mailboxAddress(parseMailServer(config.IMAP_URL).user));
  return own.filter((address) => address !== undefined).map((address) => address.toLowerCase());
}

export type InboundMail = { stop: () => Promise<void> };

/** How long a mail server may take to take the connection, and then to greet the desk. */
const IMAP_CONNECT_TIMEOUT_MS = 15_000;

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
 * Watches the mailbox (IMAP_URL's, or the one saved in Settings): IDLE for new mail as it
 * arrives, a check every IMAP_POLL_MS in case the server does not push, and a reconnect with
 * backoff when the server drops or refuses the desk. Nothing a server or an email does escapes
 * it: failures are recorded as the imap channel's last error (shown on /admin/settings) and the
 * desk keeps working without mail. Without `server`, the environment's mailbox, if any.
 */
export function startInboundMail({
  log = logTo(logger('email')),
  server: given,
  own: givenOwn,
  connectTimeoutMs = IMAP_CONNECT_TIMEOUT_MS,
}: {
  log?: Log;
  server?: IncomingConfig;
  own?: string[];
  /** A server silent for longer is a failed session: recorded, and tried again after a pause. */
  connectTimeoutMs?: number;
} = {}): InboundMail {
  const config = env();
  const fromEnv = incomingFrom(undefined, { state: 'none' });
  const server = given ?? (fromEnv.state === 'ready' ? fromEnv.config : undefined);
  if (!server) return { stop: async () => {} };
  const own = givenOwn ?? ownAddresses(config);
  const pollMs = config.IMAP_POLL_MS;
  const doneFolder = server.doneFolder;
  const stopping = new AbortController();
  // Emails are read in a thread of their own, ended at once when the watcher stops.
  const reader = startEmailReader();
  let current: ImapFlow | undefined;

  const failed = async (error: unknown): Promise<void> => {
    const cause = error instanceof MailServerFailure ? error.failure : error;
    const words = describeMailError(cause, server.secrets);
    log(`${server.shown}: ${words}`, { level: 'warn' });
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
      doSTARTTLS: server.doSTARTTLS,
      auth: { user: server.user, pass: server.password },
      logger: false,
      connectionTimeout: connectTimeoutMs,
      greetingTimeout: connectTimeoutMs,
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
        await takeUnseen(client, {
          own,
          authservId: config.IMAP_AUTHSERV_ID,
          doneFolder,
          maxBytes: config.MAIL_MAX_BYTES,
          reader,
          log,
          stopping: stopping.signal,
        });
        try {
          await recordMailChannelOk({ name: 'imap', now: new Date() });
        } catch (error) {
          // The database's trouble, not the mail server's: said as such, and the next pass tries.
          log(`the mailbox's good pass could not be recorded: ${(error as Error).message}`, {
            level: 'warn',
          });
        }
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
        // Stopping closes the connection and the reader under the pass: no failure of the server.
        if (!stopping.signal.aborted && !(error instanceof ReaderStopped)) await failed(error);
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
      reader.stop();
      current?.close();
      await loop;
    },
  };
}
