import { cleanLine, storableText } from '../intake/clean-text';
import { mailboxAddress } from './address';
import { bareMessageIds } from './read-email';

/**
 * What the mail server's own summary of an email (IMAP's ENVELOPE, fetched with its size and
 * before the email itself) says of it: enough to name it in the log and to keep an email too
 * large to fetch for staff, with its sender and subject. Every text made storable.
 */
export type EnvelopeLike = {
  messageId?: string;
  subject?: string;
  from?: { name?: string; address?: string }[];
};

export type EnvelopeFacts = {
  messageId: string | null;
  fromAddress: string | null;
  fromName: string | null;
  subject: string | null;
};

const NAME_MAX_CHARS = 100;
const SUBJECT_MAX_CHARS = 300;
const MESSAGE_ID_MAX_CHARS = 998;

export function envelopeFacts(envelope: EnvelopeLike | undefined): EnvelopeFacts {
  const id = bareMessageIds(
    storableText(envelope?.messageId ?? '').slice(0, MESSAGE_ID_MAX_CHARS),
  )[0];
  const from = envelope?.from?.[0];
  const address = mailboxAddress(storableText(from?.address ?? ''));
  const name = cleanLine(from?.name ?? '').slice(0, NAME_MAX_CHARS);
  const subject = cleanLine(envelope?.subject ?? '').slice(0, SUBJECT_MAX_CHARS);
  return {
    messageId: id ?? null,
    fromAddress: address ? address.toLowerCase() : null,
    fromName: name || null,
    subject: subject || null,
  };
}

/** "email 42 (12.4 MB, <id@example.com>)": how the log names an email, never by the server. */
export function emailLabel({
  uid,
  size,
  messageId,
}: {
  uid: number;
  size: number;
  messageId: string | null;
}): string {
  const mb = size / 1_048_576;
  const shown = mb >= 0.1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;
  return `email ${uid} (${shown}, ${messageId ? `<${messageId}>` : 'no Message-ID'})`;
}
