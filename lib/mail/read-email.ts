import EmailReplyParser from 'email-reply-parser';
import { type ParsedMail, simpleParser } from 'mailparser';
import { cleanLine, cleanText } from '../intake/clean-text';
import { type SenderVerdict, senderVerdict } from './authentication-results';

/**
 * A customer's email as the desk reads it: who wrote, which messages it answers, and the text
 * they wrote (quoted history and signature cut, HTML made plain text, any charset decoded).
 * Attachments are only named and sized: they never reach the drafting model.
 */
export type InboundEmail = {
  /** The RFC 5322 Message-ID without angle brackets; null when the sender set none. */
  messageId: string | null;
  fromAddress: string;
  fromName: string;
  subject: string;
  /** In-Reply-To first, then References newest first: the messages this one may answer. */
  answers: string[];
  /** The References chain it carried plus its In-Reply-To, oldest first, without <>. */
  references: string[];
  text: string;
  /** The text was cut at EMAIL_TEXT_MAX_CHARS; the original keeps the rest. */
  truncated: boolean;
  attachments: EmailAttachment[];
  /** Why the desk must not answer it, or null when it is a customer writing. */
  notAQuestion: NotAQuestion | null;
  /** DMARC/SPF as the mailbox's own server judged the sender (`IMAP_AUTHSERV_ID`). */
  senderVerified: SenderVerdict;
};

export type EmailAttachment = { name: string; size: number };

export type NotAQuestion = 'auto-reply' | 'bounce' | 'mailing list' | 'own address';

export type ReadEmail =
  | { readable: true; email: InboundEmail }
  | { readable: false; reason: string; messageId: string | null };

/** A longer email is cut here (the whole original stays with staff): enough for any question. */
export const EMAIL_TEXT_MAX_CHARS = 8_000;
/** Names and subjects are shown in lists; longer ones are cut. */
const SUBJECT_MAX_CHARS = 300;
const NAME_MAX_CHARS = 100;

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** `<a@b>` → `a@b`; anything without a plausible id is dropped. */
export function bareMessageIds(value: string | string[] | undefined | null): string[] {
  if (!value) return [];
  const joined = Array.isArray(value) ? value.join(' ') : value;
  const ids = [...joined.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1] ?? '');
  if (ids.length > 0) return ids;
  // Some mailers leave the brackets out.
  return joined.split(/\s+/).filter((id) => id.includes('@'));
}

/** A header's raw value, as sent (mailparser folds some, like List-*, into structures). */
function header(parsed: ParsedMail, name: string): string {
  const line = parsed.headerLines.find((entry) => entry.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).trim();
}

function contentTypeOf(parsed: ParsedMail): { value: string; params: Record<string, string> } {
  const value = parsed.headers.get('content-type');
  if (value && typeof value === 'object' && 'value' in value) {
    const params = 'params' in value ? (value.params as Record<string, string>) : {};
    return { value: String(value.value).toLowerCase(), params };
  }
  return { value: String(value ?? '').toLowerCase(), params: {} };
}

/**
 * Mail nobody should answer: automatic replies (RFC 3834's Auto-Submitted, the common
 * X-Autoreply and Precedence), delivery reports (DSNs), mailing lists, and the desk's own mail
 * coming back. Answering any of them would start a loop or write to nobody.
 */
export function notAQuestion(
  parsed: ParsedMail,
  fromAddress: string,
  ownAddresses: readonly string[],
): NotAQuestion | null {
  if (ownAddresses.some((own) => own.toLowerCase() === fromAddress.toLowerCase())) {
    return 'own address';
  }
  const type = contentTypeOf(parsed);
  const local = fromAddress.split('@')[0]?.toLowerCase() ?? '';
  if (
    (type.value === 'multipart/report' &&
      (type.params['report-type'] ?? '').toLowerCase() === 'delivery-status') ||
    local === 'mailer-daemon' ||
    local === 'postmaster'
  ) {
    return 'bounce';
  }
  const autoSubmitted = header(parsed, 'auto-submitted').trim().toLowerCase();
  const precedence = header(parsed, 'precedence').trim().toLowerCase();
  if (
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    header(parsed, 'x-autoreply') !== '' ||
    header(parsed, 'x-autorespond') !== '' ||
    precedence === 'auto_reply'
  ) {
    return 'auto-reply';
  }
  if (
    precedence === 'bulk' ||
    precedence === 'list' ||
    header(parsed, 'list-id') !== '' ||
    header(parsed, 'list-unsubscribe') !== ''
  ) {
    return 'mailing list';
  }
  return null;
}

const FORWARDED =
  /^-{2,}\s*(Forwarded message|Original Message)\s*-{2,}\s*$|^Begin forwarded message:\s*$/im;

/**
 * What the customer wrote in this email: quoted history ("On … wrote:" and `>` lines) and the
 * signature go; a forwarded message is what the customer asks about, so it stays.
 */
export function writtenText(body: string): string {
  const text = body.replace(/\r\n?/g, '\n');
  const forwarded = FORWARDED.exec(text);
  if (forwarded) {
    const own = new EmailReplyParser().parseReply(text.slice(0, forwarded.index)).trim();
    return `${own}\n\n${text.slice(forwarded.index).trim()}`.trim();
  }
  return new EmailReplyParser().parseReply(text).trim();
}

function cap(text: string, max: number): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: chars.slice(0, max).join('').trimEnd(), truncated: true };
}

/**
 * Parses a raw email (bytes as the mail server stores them). Mail the desk cannot read as a
 * customer's (no sender address, no text, MIME that does not parse) comes back unreadable with
 * the reason, so it is kept for staff rather than dropped.
 */
export async function readEmail(
  raw: Buffer,
  {
    ownAddresses,
    authservId,
  }: {
    ownAddresses: readonly string[];
    /** The mailbox server's own authserv-id: only its Authentication-Results are believed. */
    authservId?: string;
  },
): Promise<ReadEmail> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, { skipTextLinks: true, skipImageLinks: true });
  } catch (error) {
    return {
      readable: false,
      reason: `its MIME does not parse (${(error as Error).message})`,
      messageId: null,
    };
  }
  const messageId = bareMessageIds(parsed.messageId)[0] ?? null;
  const from = parsed.from?.value.find((entry) => entry.address && ADDRESS.test(entry.address));
  if (!from?.address) {
    return { readable: false, reason: 'it has no sender address', messageId };
  }
  const fromAddress = from.address.toLowerCase();
  const skip = notAQuestion(parsed, fromAddress, ownAddresses);
  // HTML's &nbsp; arrives as no-break spaces: to a reader (and a model) they are spaces.
  const body = (typeof parsed.text === 'string' ? parsed.text : '').replace(/\u00a0/g, ' ');
  const subject = cleanLine(parsed.subject ?? '').slice(0, SUBJECT_MAX_CHARS);
  // An email with only a subject ("Rye tomorrow?") asks in its subject.
  const written = cleanText(writtenText(body)) || subject;
  if (!written && !skip) {
    return { readable: false, reason: 'it has no text', messageId };
  }
  const { text, truncated } = cap(written, EMAIL_TEXT_MAX_CHARS);
  const inReplyTo = bareMessageIds(parsed.inReplyTo);
  const references = bareMessageIds(parsed.references);
  const answers = [...new Set([...inReplyTo, ...[...references].reverse()])];
  const chain = [...new Set([...references, ...inReplyTo])];
  return {
    readable: true,
    email: {
      messageId,
      fromAddress,
      fromName: cleanLine(from.name ?? '').slice(0, NAME_MAX_CHARS) || fromAddress,
      subject,
      answers,
      references: chain,
      text,
      truncated,
      attachments: parsed.attachments
        .filter((part) => part.contentDisposition !== 'inline' || part.filename)
        .map((part) => ({ name: cleanLine(part.filename ?? '') || 'unnamed', size: part.size })),
      notAQuestion: skip,
      senderVerified: senderVerdict(
        parsed.headerLines
          .filter((entry) => entry.key === 'authentication-results')
          .map((entry) => entry.line.slice(entry.line.indexOf(':') + 1)),
        authservId,
      ),
    },
  };
}
