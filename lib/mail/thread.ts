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

/** A subject without reply and forward prefixes, the ticket reference and case: what a thread shares. */
export function subjectKey(subject: string): string {
  let key = subject.replace(/\[Ticket #\d+\]/gi, ' ');
  for (;;) {
    const next = key.replace(/^\s*(re|fwd?|aw|wg|sv|vs|tr|antw)\s*(\[\d+\])?\s*:\s*/i, '');
    if (next === key) break;
    key = next;
  }
  return key.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** How long "the same sender about the same subject" still continues a conversation. */
export const SAME_SUBJECT_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;
