import { type ParsedMail, simpleParser } from 'mailparser';
import { cleanLine, cleanText } from '../intake/clean-text';
import { type SenderVerdict, senderVerdict } from './authentication-results';
import { type NotAQuestion, notAQuestion, unaddressedBounceSender } from './classify-email';
import { declaresUtf7, decodeUtf7, repairedUtf8, withReadableHeaders } from './decode-headers';
import { BODY_MAX_CHARS, writtenText } from './written-text';

export { type NotAQuestion, notAQuestion } from './classify-email';
export { writtenText } from './written-text';

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
    parsed = await simpleParser(withReadableHeaders(raw), {
      skipTextLinks: true,
      skipImageLinks: true,
    });
  } catch (error) {
    return {
      readable: false,
      reason: `its MIME does not parse (${(error as Error).message})`,
      messageId: null,
    };
  }
  const messageId = bareMessageIds(parsed.messageId)[0] ?? null;
  const from = parsed.from?.value.find((entry) => entry.address && ADDRESS.test(entry.address));
  // "MAILER-DAEMON" with no domain is still a bounce, not an email nobody sent.
  const bounceSender = from?.address ? null : unaddressedBounceSender(parsed);
  if (!from?.address && !bounceSender) {
    return { readable: false, reason: 'it has no sender address', messageId };
  }
  const fromAddress = (from?.address ?? bounceSender ?? '').toLowerCase();
  const skip = bounceSender ? 'bounce' : notAQuestion(parsed, fromAddress, ownAddresses);
  const sent = typeof parsed.text === 'string' ? parsed.text.slice(0, BODY_MAX_CHARS) : '';
  // HTML's &nbsp; arrives as no-break spaces: to a reader (and a model) they are spaces.
  const body = (declaresUtf7(raw) ? decodeUtf7(sent) : sent).replace(/\u00a0/g, ' ');
  const subject = cleanLine((parsed.subject ?? '').slice(0, SUBJECT_MAX_CHARS * 4)).slice(
    0,
    SUBJECT_MAX_CHARS,
  );
  // An email with only a subject ("Rye tomorrow?") asks in its subject.
  const written = cleanText(writtenText(body, { subject })) || subject;
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
      fromName:
        cleanLine((from?.name ?? '').slice(0, NAME_MAX_CHARS * 4)).slice(0, NAME_MAX_CHARS) ||
        fromAddress,
      subject,
      answers,
      references: chain,
      text,
      truncated,
      attachments: parsed.attachments
        .filter((part) => part.contentDisposition !== 'inline' || part.filename)
        .map((part) => ({
          name: cleanLine(repairedUtf8(part.filename ?? '')) || 'unnamed',
          size: part.size,
        })),
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
