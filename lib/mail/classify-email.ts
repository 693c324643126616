import type { ParsedMail } from 'mailparser';

export type NotAQuestion = 'auto-reply' | 'bounce' | 'mailing list' | 'own address';

/** Header values are only ever looked at up to here. */
const VALUE_PROBE_CHARS = 300;

/** A header's raw value, as sent (mailparser folds some, like List-*, into structures). */
function header(parsed: ParsedMail, name: string): string {
  const line = parsed.headerLines.find((entry) => entry.key === name)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1, line.indexOf(':') + 1 + VALUE_PROBE_CHARS)
    .trim()
    .toLowerCase();
}

function has(parsed: ParsedMail, name: string): boolean {
  return parsed.headerLines.some((entry) => entry.key === name);
}

function contentTypeOf(parsed: ParsedMail): { value: string; params: Record<string, string> } {
  const value = parsed.headers.get('content-type');
  if (value && typeof value === 'object' && 'value' in value) {
    const params = 'params' in value ? (value.params as Record<string, string>) : {};
    return { value: String(value.value).toLowerCase(), params };
  }
  return { value: String(value ?? '').toLowerCase(), params: {} };
}

/** Senders that are mail systems, not people (RFC 5321's postmaster, sendmail's daemon). */
const SYSTEM_SENDERS = new Set(['mailer-daemon', 'mail-daemon', 'postmaster', 'mailerdaemon']);

/** Subjects of delivery failures from servers that send no multipart/report. */
const DELIVERY_FAILURE =
  /undeliver|undelivered|not delivered|delivery status notification|delivery (?:has )?failed|delivery failure|failed delivery|failure notice|returned mail|mail delivery (?:failed|failure|system)|nondeliverable|non-delivery|could not be delivered|delivery problem|mail system error|rejected|unzustellbar|nicht zugestellt|non remis|no entregado|non recapitabile|onbestelbaar/iu;

/** Subjects of automatic replies: Outlook's, Gmail's, Apple's and their translations. */
const AUTO_REPLY_SUBJECT =
  /^(?:automatic reply|auto reply|auto-reply|autoreply|auto response|autosvar|automatisk svar|automatisch antwoord|automatische antwort|abwesenheitsnotiz|réponse automatique|respuesta automática|resposta automática|risposta automatica|odpowiedź automatyczna|automaattinen vastaus|otomatik yanıt|автоматический ответ|автоответ|自动回复|自動回覆|自動応答)\s{0,3}[:：]|^(?:out of (?:the )?office|abwesenheitsnotiz|fuera de la oficina)(?:\s{0,3}[:：(\-–]|$)/iu;

function localPart(address: string): string {
  const at = address.lastIndexOf('@');
  return (at < 0 ? address : address.slice(0, at)).trim().toLowerCase();
}

/**
 * A delivery report: RFC 3464's multipart/report, a mail system's sender (MAILER-DAEMON with or
 * without a domain, postmaster), or the null return path of RFC 5321 on mail shaped like a
 * failure (its subject, Exim's X-Failed-Recipients, a delivery-status part).
 */
export function isBounce(parsed: ParsedMail, fromAddress: string): boolean {
  const type = contentTypeOf(parsed);
  const report = (type.params['report-type'] ?? '').toLowerCase();
  if (
    type.value === 'multipart/report' &&
    (report === 'delivery-status' || report === 'feedback-report' || report === '')
  ) {
    return true;
  }
  if (SYSTEM_SENDERS.has(localPart(fromAddress))) return true;
  if (has(parsed, 'x-failed-recipients')) return true;
  const nullReturnPath = /^<\s{0,3}>$/.test(header(parsed, 'return-path'));
  const subject = (parsed.subject ?? '').slice(0, VALUE_PROBE_CHARS);
  const hasStatusPart = parsed.attachments.some((part) =>
    /^message\/(?:global-)?delivery-status$/i.test(part.contentType),
  );
  return nullReturnPath && (DELIVERY_FAILURE.test(subject) || hasStatusPart);
}

/** The sender of a bounce whose From has no address at all ("MAILER-DAEMON"), else null. */
export function unaddressedBounceSender(parsed: ParsedMail): string | null {
  const from = header(parsed, 'from').replace(/[<>"]/g, ' ').trim();
  const words = from.split(/\s+/);
  const system = words.find((word) => SYSTEM_SENDERS.has(localPart(word)));
  if (system) return system;
  return isBounce(parsed, '') ? from || 'mailer-daemon' : null;
}

/**
 * Mail nobody should answer: the desk's own mail coming back, delivery reports, automatic
 * replies (RFC 3834's Auto-Submitted, Exchange's X-Auto-Response-Suppress, X-Autoreply,
 * X-Autorespond, Precedence: auto_reply, "Automatic reply:" subjects, read receipts) and
 * mailing lists (RFC 2369's List-*, List-Id, X-Mailing-List, Precedence bulk/list/junk).
 * Answering any of them would start a loop or write to nobody.
 */
export function notAQuestion(
  parsed: ParsedMail,
  fromAddress: string,
  ownAddresses: readonly string[],
): NotAQuestion | null {
  if (ownAddresses.some((own) => own.toLowerCase() === fromAddress.toLowerCase())) {
    return 'own address';
  }
  if (isBounce(parsed, fromAddress)) return 'bounce';
  const autoSubmitted = header(parsed, 'auto-submitted');
  const precedence = header(parsed, 'precedence');
  const type = contentTypeOf(parsed);
  const subject = (parsed.subject ?? '').slice(0, VALUE_PROBE_CHARS).trim();
  if (
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    has(parsed, 'x-autoreply') ||
    has(parsed, 'x-autorespond') ||
    has(parsed, 'x-auto-response-suppress') ||
    precedence === 'auto_reply' ||
    (type.value === 'multipart/report' &&
      (type.params['report-type'] ?? '').toLowerCase() === 'disposition-notification') ||
    AUTO_REPLY_SUBJECT.test(subject)
  ) {
    return 'auto-reply';
  }
  if (
    precedence === 'bulk' ||
    precedence === 'list' ||
    precedence === 'junk' ||
    has(parsed, 'list-id') ||
    has(parsed, 'list-unsubscribe') ||
    has(parsed, 'list-post') ||
    has(parsed, 'x-mailing-list') ||
    has(parsed, 'mailing-list')
  ) {
    return 'mailing list';
  }
  return null;
}
