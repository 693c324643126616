import 'server-only';
import type { MailOut } from '@/db/outbox';
import { env } from '@/lib/env';
import { addressDomain, mailboxAddress } from '@/lib/mail/address';

/** How replies go out by email, or null when SMTP_URL is not set (the desk works without it). */
export type MailSettings = {
  smtpUrl: string;
  /** MAIL_FROM as written: the From header. */
  fromLine: string;
  out: MailOut;
  /** Where ticket links point: PUBLIC_BASE_URL. */
  baseUrl: string;
  leaseMs: number;
};

export function mailSettingsFromEnv(): MailSettings | null {
  const config = env();
  if (!config.SMTP_URL || !config.MAIL_FROM || !config.PUBLIC_BASE_URL) return null;
  // lib/env.ts refused a MAIL_FROM without an address.
  const from = mailboxAddress(config.MAIL_FROM) ?? config.MAIL_FROM;
  return {
    smtpUrl: config.SMTP_URL,
    fromLine: config.MAIL_FROM,
    out: { from, domain: addressDomain(from) },
    baseUrl: config.PUBLIC_BASE_URL,
    leaseMs: config.MAIL_LEASE_MS,
  };
}

/** What `sendReply` needs to queue the email: nothing when mail is off. */
export function mailOutFromEnv(): MailOut | null {
  return mailSettingsFromEnv()?.out ?? null;
}
