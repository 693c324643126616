import 'server-only';
import { getConnection, readConnectionSecret } from '@/db/connections';
import type { MailOut } from '@/db/outbox';
import type { Connection } from '@/db/schema';
import { env } from '@/lib/env';
import { addressDomain, mailboxAddress } from '@/lib/mail/address';
import {
  type ImapStored,
  type SmtpStored,
  shownServer,
  storedImap,
  storedSmtp,
} from '@/lib/mail/connection-form';
import type { MailSecurity } from '@/lib/mail/presets';
import { parseMailServer } from '@/lib/mail/server-url';

/**
 * Where the desk's email comes from: the server's environment (SMTP_URL, MAIL_FROM,
 * PUBLIC_BASE_URL, IMAP_URL, IMAP_DONE_FOLDER), as before, or what the owner saved in Settings
 * (the `connections` rows 'smtp' and 'imap', passwords sealed). A variable that is set wins over
 * what was saved, field by field: SMTP_URL or IMAP_URL stands for the whole server (host, port,
 * security, user, password, folder); MAIL_FROM, PUBLIC_BASE_URL and IMAP_DONE_FOLDER each for
 * itself.
 */

/** What nodemailer connects with: the environment's URL as written, or the saved server. */
export type SmtpConnection =
  | { url: string }
  | {
      host: string;
      port: number;
      secure: boolean;
      requireTLS?: boolean;
      ignoreTLS?: boolean;
      auth?: { user: string; pass: string };
    };

export type Source = 'environment' | 'settings';

/** A saved password, opened (or not) by db/connections. */
export type OpenedSecret =
  | { state: 'none' }
  | { state: 'set'; value: string }
  | { state: 'unreadable' };

export type OutgoingConfig = {
  server: Source;
  transport: SmtpConnection;
  /** The From header as written. */
  fromLine: string;
  out: MailOut;
  /** Where ticket links point. */
  baseUrl: string;
  /** The server without its password, as the owner is shown it. */
  shown: string;
  /** Blanked out of any error a server echoes. */
  secrets: string[];
};

export type IncomingConfig = {
  server: Source;
  host: string;
  port: number;
  secure: boolean;
  /** imapflow's doSTARTTLS: true requires it, false never tries, undefined when offered. */
  doSTARTTLS: boolean | undefined;
  user: string;
  password: string;
  mailbox: string;
  doneFolder: string | undefined;
  shown: string;
  secrets: string[];
};

export type Channel<T> =
  | { state: 'off' }
  /** The saved password was sealed under a key this desk no longer has: it must be entered again. */
  | { state: 'unreadable'; shown: string }
  /** Saved, but a part it needs is missing (the From address, the public address). */
  | { state: 'incomplete'; shown: string; missing: string }
  | { state: 'ready'; config: T };

const nodemailerSecurity = (security: MailSecurity) =>
  security === 'tls'
    ? { secure: true }
    : security === 'starttls'
      ? { secure: false, requireTLS: true }
      : { secure: false, ignoreTLS: true };

/** Outgoing mail from the environment and a saved row (already read), env winning. */
export function outgoingFrom(
  settings: Record<string, unknown> | undefined,
  secret: OpenedSecret,
): Channel<OutgoingConfig> {
  const config = env();
  const saved = config.SMTP_URL ? undefined : storedSmtp(settings);
  const fromLine = config.MAIL_FROM ?? saved?.from;
  const baseUrl = config.PUBLIC_BASE_URL ?? saved?.publicBaseUrl;
  let transport: SmtpConnection;
  let shown: string;
  let secrets: string[];
  if (config.SMTP_URL) {
    const server = parseMailServer(config.SMTP_URL);
    transport = { url: config.SMTP_URL };
    shown = server.shown;
    secrets = [server.password, config.SMTP_URL];
  } else if (saved) {
    shown = shownServer('smtp', saved);
    if (secret.state === 'unreadable') return { state: 'unreadable', shown };
    const pass = secret.state === 'set' ? secret.value : '';
    transport = {
      host: saved.host,
      port: saved.port,
      ...nodemailerSecurity(saved.security),
      ...(saved.user ? { auth: { user: saved.user, pass } } : {}),
    };
    secrets = pass ? [pass] : [];
  } else {
    return { state: 'off' };
  }
  if (!fromLine) return { state: 'incomplete', shown, missing: 'the address replies come from' };
  if (!baseUrl) return { state: 'incomplete', shown, missing: 'the desk’s public address' };
  // lib/env.ts and the form both refused a From line without an address.
  const from = mailboxAddress(fromLine) ?? fromLine;
  return {
    state: 'ready',
    config: {
      server: config.SMTP_URL ? 'environment' : 'settings',
      transport,
      fromLine,
      out: { from, domain: addressDomain(from) },
      baseUrl,
      shown,
      secrets,
    },
  };
}

/** Customers' emails from the environment and a saved row, env winning. */
export function incomingFrom(
  settings: Record<string, unknown> | undefined,
  secret: OpenedSecret,
): Channel<IncomingConfig> {
  const config = env();
  const doneFolder = config.IMAP_DONE_FOLDER;
  if (config.IMAP_URL) {
    const server = parseMailServer(config.IMAP_URL);
    return {
      state: 'ready',
      config: {
        server: 'environment',
        host: server.host,
        port: server.port,
        secure: server.secure,
        doSTARTTLS: undefined,
        user: server.user,
        password: server.password,
        mailbox: server.mailbox,
        doneFolder,
        shown: server.shown,
        secrets: [server.password, config.IMAP_URL],
      },
    };
  }
  const saved: ImapStored | undefined = storedImap(settings);
  if (!saved) return { state: 'off' };
  const shown = shownServer('imap', saved);
  if (secret.state === 'unreadable') return { state: 'unreadable', shown };
  const password = secret.state === 'set' ? secret.value : '';
  return {
    state: 'ready',
    config: {
      server: 'settings',
      host: saved.host,
      port: saved.port,
      secure: saved.security === 'tls',
      doSTARTTLS:
        saved.security === 'starttls' ? true : saved.security === 'none' ? false : undefined,
      user: saved.user,
      password,
      mailbox: saved.folder,
      doneFolder: doneFolder ?? saved.doneFolder,
      shown,
      secrets: password ? [password] : [],
    },
  };
}

const NONE: OpenedSecret = { state: 'none' };

/** A saved connection and its password, opened only when there is one. */
export async function savedConnection(
  name: 'smtp' | 'imap',
): Promise<{ row: Connection | null; secret: OpenedSecret }> {
  const row = await getConnection({ name });
  const secret = row?.sealedSecret ? await readConnectionSecret({ name }) : NONE;
  return { row, secret };
}

export async function outgoingMail(): Promise<Channel<OutgoingConfig>> {
  if (env().SMTP_URL) return outgoingFrom(undefined, NONE);
  const { row, secret } = await savedConnection('smtp');
  return outgoingFrom(row?.settings, secret);
}

export async function incomingMail(): Promise<Channel<IncomingConfig>> {
  if (env().IMAP_URL) return incomingFrom(undefined, NONE);
  const { row, secret } = await savedConnection('imap');
  return incomingFrom(row?.settings, secret);
}

/** The desk's own addresses: mail from them is its own coming back, never a question. */
export function ownAddressesOf(
  outgoing: Channel<OutgoingConfig>,
  incoming: Channel<IncomingConfig>,
): string[] {
  const own = [
    outgoing.state === 'ready' ? outgoing.config.out.from : undefined,
    env().MAIL_FROM ? mailboxAddress(env().MAIL_FROM ?? '') : undefined,
    incoming.state === 'ready' ? mailboxAddress(incoming.config.user) : undefined,
  ];
  return [
    ...new Set(
      own.filter((address) => address !== undefined).map((address) => address.toLowerCase()),
    ),
  ];
}

/** The saved settings as the forms show them (never the password), and its ending. */
export type SavedView<T> = { settings: T | undefined; secretEnding: string | null };

export function savedSmtpView(row: Connection | null): SavedView<SmtpStored> {
  return { settings: storedSmtp(row?.settings), secretEnding: row?.secretEnding ?? null };
}

export function savedImapView(row: Connection | null): SavedView<ImapStored> {
  return { settings: storedImap(row?.settings), secretEnding: row?.secretEnding ?? null };
}
