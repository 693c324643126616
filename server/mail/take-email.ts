import 'server-only';
import type { ImapFlow } from 'imapflow';
import {
  clearEmailAttempt,
  countEmailAttempt,
  emailAttemptKey,
  getEmailAttempt,
  recordEmailAttemptError,
} from '@/db/inbound-attempts';
import { keepFailedEmail, type StoredEmail, storeInboundEmail } from '@/db/inbound-mail';
import { type EnvelopeFacts, emailLabel, envelopeFacts } from '@/lib/mail/envelope';
import { EMAIL_MAX_ATTEMPTS, notStored, tooLarge } from '@/lib/mail/kept-failure';
import type { ReadEmail } from '@/lib/mail/read-email';
import { publishDeskEvent } from '@/server/drafting/live';
import type { Log } from '@/server/log';
import { type EmailReader, ReaderStopped, startEmailReader } from './email-reader';

/** The reader of callers that bring none (a test, a script): one thread for the process. */
let processReader: EmailReader | undefined;

function sharedReader(): EmailReader {
  processReader ??= startEmailReader();
  return processReader;
}

/**
 * Reads (in the reader's thread) and stores one raw email. Reading never throws but when the
 * reader is stopped (unreadable mail is stored as such); a database failure does, and then the
 * email stays unseen on the server to be taken again.
 */
export async function takeEmail(
  raw: Buffer,
  {
    own,
    authservId,
    now = new Date(),
    reader = sharedReader(),
    messageId,
  }: {
    own: readonly string[];
    authservId?: string;
    now?: Date;
    reader?: EmailReader;
    /** The Message-ID the server's envelope gave, kept when the email cannot be read. */
    messageId?: string | null;
  },
): Promise<StoredEmail> {
  let read: ReadEmail = await reader.read(raw, { ownAddresses: own, authservId });
  if (!read.readable && read.messageId === null && messageId) read = { ...read, messageId };
  const stored = await storeInboundEmail({ raw, read, now });
  if (!stored.duplicate && stored.row.questionId !== null) {
    publishDeskEvent({ kind: 'queueChanged', questionId: stored.row.questionId });
  }
  return stored;
}

/** The mail server failed or went silent: the session's fault, not one email's. */
export class MailServerFailure extends Error {
  constructor(readonly failure: unknown) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

/** One command to the mail server, with a deadline: a silent server is a failed session. */
const COMMAND_DEADLINE_MS = 2 * 60_000;

async function imap<T>(work: Promise<T>, ms = COMMAND_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the mail server did not answer within ${ms / 1000} s`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    throw new MailServerFailure(error);
  } finally {
    clearTimeout(timer);
  }
}

/** A too-large email's headers are fetched up to this many bytes: enough for any real one. */
const HEADER_MAX_BYTES = 64 * 1024;

export type Pass = {
  own: readonly string[];
  authservId: string | undefined;
  doneFolder: string | undefined;
  /** MAIL_MAX_BYTES: larger emails are kept as too large, and none is fetched past it. */
  maxBytes: number;
  reader: EmailReader;
  log: Log;
  stopping: AbortSignal;
};

function words(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}

/**
 * Every unseen email of the mailbox, oldest first, each its own attempt: one that fails (its
 * database write, anything but the mail server) is logged by its UID, size and Message-ID and
 * the pass goes on; after EMAIL_MAX_ATTEMPTS it is kept as failed. Marked seen (or moved) only
 * after it is stored: a crash in between leaves it unseen, and taking it again finds its key.
 */
export async function takeUnseen(client: ImapFlow, pass: Pass): Promise<void> {
  const uids = (await imap(client.search({ seen: false }, { uid: true }))) || [];
  const mailbox = client.mailbox === false ? undefined : client.mailbox;
  const folder = { path: mailbox?.path ?? 'INBOX', uidValidity: mailbox?.uidValidity ?? 0n };
  for (const uid of uids.sort((a, b) => a - b)) {
    if (pass.stopping.aborted) return;
    await takeOne(client, uid, folder, pass);
  }
}

async function takeOne(
  client: ImapFlow,
  uid: number,
  folder: { path: string; uidValidity: bigint },
  pass: Pass,
): Promise<void> {
  const about = await imap(
    client.fetchOne(String(uid), { uid: true, size: true, envelope: true }, { uid: true }),
  );
  if (about === false) return; // gone meanwhile
  const size = about.size ?? 0;
  const facts = envelopeFacts(about.envelope);
  const label = emailLabel({ uid, size, messageId: facts.messageId });
  const key = emailAttemptKey({ mailbox: folder.path, uidValidity: folder.uidValidity, uid });
  let attempt: number;
  try {
    attempt = await countEmailAttempt({ key, now: new Date() });
  } catch (error) {
    pass.log(
      `${label}: left for the next pass, its attempt could not be counted: ${words(error)}`,
      {
        level: 'warn',
        uid,
      },
    );
    return;
  }
  const finish = async (stored: StoredEmail): Promise<void> => {
    if (pass.doneFolder) {
      await imap(client.messageMove(String(uid), pass.doneFolder, { uid: true }));
    } else await imap(client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true }));
    await clearEmailAttempt({ key }).catch(() => {});
    if (!stored.duplicate) {
      const { outcome, reason, questionId } = stored.row;
      pass.log(
        `${label}: ${outcome}${reason ? ` (${reason})` : ''}${questionId ? ` in conversation ${questionId}` : ''}`,
        { uid, outcome, ...(questionId ? { questionId } : {}) },
      );
    }
  };

  try {
    if (attempt > EMAIL_MAX_ATTEMPTS) {
      // Its earlier attempts ended without a word (the process stopped mid-way, say).
      const earlier = await getEmailAttempt({ key });
      await finish(
        await keepUnstored(client, uid, {
          size,
          facts,
          pass,
          attempts: attempt - 1,
          lastError: earlier?.lastError ?? null,
        }),
      );
      return;
    }
    if (size > pass.maxBytes) {
      const headers = await fetchHeaders(client, uid);
      await finish(
        await keepFailedEmail({
          raw: headers,
          size,
          outcome: 'too large',
          failure: tooLarge({ size, limit: pass.maxBytes, ...facts }),
          ...facts,
          now: new Date(),
        }),
      );
      return;
    }
    const source = await fetchSource(client, uid, pass.maxBytes);
    if (!source) return;
    pass.log(`${label}: reading`, { uid });
    const stored = await takeEmail(source, {
      own: pass.own,
      authservId: pass.authservId,
      reader: pass.reader,
      messageId: facts.messageId,
    });
    await finish(stored);
  } catch (error) {
    if (
      error instanceof MailServerFailure ||
      error instanceof ReaderStopped ||
      pass.stopping.aborted
    ) {
      throw error;
    }
    const why = words(error);
    pass.log(`${label}: attempt ${attempt} of ${EMAIL_MAX_ATTEMPTS} failed: ${why}`, {
      level: 'warn',
      uid,
    });
    await recordEmailAttemptError({ key, error: why }).catch(() => {});
    if (attempt < EMAIL_MAX_ATTEMPTS) return;
    try {
      await finish(
        await keepUnstored(client, uid, { size, facts, pass, attempts: attempt, lastError: why }),
      );
    } catch (keeping) {
      if (keeping instanceof MailServerFailure) throw keeping;
      pass.log(
        `${label}: could not be kept as failed either, left for the next pass: ${words(keeping)}`,
        { level: 'error', uid },
      );
    }
  }
}

/** After its attempts: kept as failed with what can be had of it, its source or its headers. */
async function keepUnstored(
  client: ImapFlow,
  uid: number,
  {
    size,
    facts,
    pass,
    attempts,
    lastError,
  }: { size: number; facts: EnvelopeFacts; pass: Pass; attempts: number; lastError: string | null },
): Promise<StoredEmail> {
  const raw =
    size > pass.maxBytes
      ? await fetchHeaders(client, uid)
      : ((await fetchSource(client, uid, pass.maxBytes)) ?? Buffer.alloc(0));
  return keepFailedEmail({
    raw,
    size,
    outcome: 'unreadable',
    failure: notStored({ attempts, lastError, ...facts }),
    ...facts,
    now: new Date(),
  });
}

async function fetchHeaders(client: ImapFlow, uid: number): Promise<Buffer> {
  const message = await imap(
    client.fetchOne(
      String(uid),
      { uid: true, bodyParts: [{ key: 'header', start: 0, maxLength: HEADER_MAX_BYTES }] },
      { uid: true },
    ),
  );
  return (message === false ? undefined : message.headers) ?? Buffer.alloc(0);
}

/** The email's bytes, never more than maxBytes of them whatever the server said its size was. */
async function fetchSource(
  client: ImapFlow,
  uid: number,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const message = await imap(
    client.fetchOne(String(uid), { uid: true, source: { maxLength: maxBytes } }, { uid: true }),
  );
  return message === false ? undefined : message.source;
}
