import 'server-only';
import type { MailOut } from '@/db/outbox';
import { env } from '@/lib/env';
import { addressDomain, mailboxAddress } from '@/lib/mail/address';
import { outgoingMail, type SmtpConnection } from './mail-config';

/** How replies go out by email, or null when email is off (the desk works without it). */
export type MailSettings = {
  /** SMTP_URL as written, or the server the owner saved in Settings. */
  transport: SmtpConnection;
  /** The From header as written (MAIL_FROM, or the saved From address). */
  fromLine: string;
  out: MailOut;
  /** Where ticket links point: PUBLIC_BASE_URL, or the saved public address. */
  baseUrl: string;
  leaseMs: number;
};

/** The environment's own mail settings alone (SMTP_URL, MAIL_FROM, PUBLIC_BASE_URL). */
export function mailSettingsFromEnv(): MailSettings | null {
  const config = env();
  if (!config.SMTP_URL || !config.MAIL_FROM || !config.PUBLIC_BASE_URL) return null;
  // lib/env.ts refused a MAIL_FROM without an address.
  const from = mailboxAddress(config.MAIL_FROM) ?? config.MAIL_FROM;
  return {
    transport: { url: config.SMTP_URL },
    fromLine: config.MAIL_FROM,
    out: { from, domain: addressDomain(from) },
    baseUrl: config.PUBLIC_BASE_URL,
    leaseMs: config.MAIL_LEASE_MS,
  };
}

/** What `sendReply` needs to queue the email, from the environment alone. */
export function mailOutFromEnv(): MailOut | null {
  return mailSettingsFromEnv()?.out ?? null;
}

/**
 * The mail settings in force: the environment's, else what the owner saved in Settings (with
 * each variable that is set winning); null when replies do not go out by email.
 */
export async function currentMailSettings(): Promise<MailSettings | null> {
  const outgoing = await outgoingMail();
  if (outgoing.state !== 'ready') return null;
  const { transport, fromLine, out, baseUrl } = outgoing.config;
  return { transport, fromLine, out, baseUrl, leaseMs: env().MAIL_LEASE_MS };
}

/** What a send needs to queue the email now: nothing when email is off. */
export async function currentMailOut(): Promise<MailOut | null> {
  return (await currentMailSettings())?.out ?? null;
}
