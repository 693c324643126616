/**
 * How an email finds its conversation when it names no known message: the ticket's reference
 * in its subject, or the same sender writing again about the same subject.
 */

/** The reference a subject carries for a conversation, e.g. "Re: Rye loaf [Ticket #42]". */
export function ticketReference(questionId: number): string {
  return `[Ticket #${questionId}]`;
}

/** The conversation id a subject names with `ticketReference`, if any. */
export function ticketReferenceIn(subject: string): number | null {
  const match = /\[Ticket #(\d{1,12})\]/i.exec(subject);
  return match ? Number(match[1]) : null;
}

/**
 * Reply and forward prefixes mail programs write, in the languages customers write in: Re, RE,
 * AW/Aw (German), SV (Nordic), VS/VL (Finnish), Odp (Polish), RES/ENC (Portuguese), R/I/Rif
 * (Italian), Antw (Dutch), Wg (German), Fw/Fwd, TR (French), Ref/Réf, Ynt/İlt (Turkish), RV,
 * ВЗ/Ответ/Отв/Пересл (Russian), 回复/答复/回覆/转发 (Chinese), 返信/転送 (Japanese), 회신/전달
 * (Korean), ΑΠ/ΣΧΕΤ/ΠΡΘ (Greek), השב/הועבר (Hebrew), رد (Arabic); each with an ASCII or a
 * full-width colon and an optional counter ("Re[2]:", "RE(3):").
 */
const PREFIX =
  /^\s{0,8}(?:re|aw|sv|vs|vl|odp|res|r|i|rif|ref|réf|antw|antwort|wg|fw|fwd|tr|enc|rv|ynt|ilt|İlt|vá|ΑΠ|ΣΧΕΤ|ΠΡΘ|ВЗ|Ответ|Отв|Пересл|回复|答复|回覆|转发|轉寄|返信|転送|회신|답장|전달|השב|הועבר|رد)\s{0,3}(?:[[(]\d{1,4}[\])])?\s{0,3}[:：]\s{0,8}/iu;

/** Subjects are only ever looked at up to here. */
const SUBJECT_KEY_MAX_CHARS = 1_000;

/** A subject without reply and forward prefixes, the ticket reference and case: what a thread shares. */
export function subjectKey(subject: string): string {
  let key = subject.slice(0, SUBJECT_KEY_MAX_CHARS).replace(/\[Ticket #\d{1,12}\]/gi, ' ');
  // Each turn takes one prefix off the front; a subject has at most a few hundred characters.
  for (let turn = 0; turn < SUBJECT_KEY_MAX_CHARS; turn++) {
    const next = key.replace(PREFIX, '');
    if (next === key) break;
    key = next;
  }
  return key.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** How long "the same sender about the same subject" still continues a conversation. */
export const SAME_SUBJECT_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;
