import { randomBytes } from 'node:crypto';

/**
 * What a reply's email says and how it threads: pure decisions, made when the reply is sent
 * (Message-ID, subject, threading) and when it is delivered (the text and HTML parts).
 */

/** A new RFC 5322 Message-ID, without angle brackets: 128 random bits at the desk's domain. */
export function newMessageId(domain: string): string {
  return `${randomBytes(16).toString('hex')}@${domain}`;
}

/** "Re: <their subject>", not "Re: Re: …"; a subject of our own when they gave none. */
export function replySubject(theirs: string | null | undefined, bakeryName: string): string {
  const subject = (theirs ?? '').replace(/\s+/g, ' ').trim();
  if (!subject) return `Your question to ${bakeryName}`;
  return /^re\s*:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** The customer's email being answered, as the thread stored it. */
export type AnsweredEmail = { emailMessageId: string; emailReferences: string | null };

/**
 * In-Reply-To names the customer's last email; References carries their chain and then it,
 * so every mail program files the reply under the conversation (RFC 5322 §3.6.4).
 */
export function threadingFor(answered: AnsweredEmail | undefined): {
  inReplyTo: string | null;
  references: string | null;
} {
  if (!answered) return { inReplyTo: null, references: null };
  const chain = (answered.emailReferences ?? '').split(/\s+/).filter(Boolean);
  const references = [
    ...chain.filter((id) => id !== answered.emailMessageId),
    answered.emailMessageId,
  ];
  return { inReplyTo: answered.emailMessageId, references: references.join(' ') };
}

/** Message-IDs as headers write them: each in angle brackets. */
export function angled(ids: string | null): string | undefined {
  if (!ids) return undefined;
  return ids
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => `<${id}>`)
    .join(' ');
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Where an email's "Did this answer your question?" links lead: a page that asks to confirm. */
export type FeedbackLinks = { yes: string; no: string };

/**
 * The feedback links for one reply: the ticket page's own confirmation for that reply, with the
 * answer the link stands for. Opening one records nothing (mail scanners open links); the page
 * asks the customer to confirm.
 */
export function feedbackLinks(ticketUrl: string, messageId: number): FeedbackLinks {
  const page = `${ticketUrl.replace(/\/$/, '')}/feedback/${messageId}`;
  return { yes: `${page}?answer=yes`, no: `${page}?answer=no` };
}

/**
 * The email's two bodies. The text part starts with the reply exactly as it was sent; below
 * it, "Did this answer your question?" with a Yes and a No link (when given), then the link to
 * the ticket page, where the whole conversation is and where they can write back. The HTML part
 * says the same, the reply escaped (customer-facing text is never markup).
 */
export function replyBodies(input: {
  text: string;
  ticketUrl: string;
  bakeryName: string;
  feedback?: FeedbackLinks;
}): {
  text: string;
  html: string;
} {
  const footer = `The whole conversation, and a form to write back, are on your ticket page:\n${input.ticketUrl}`;
  const ask = input.feedback
    ? `Did this answer your question?\nYes: ${input.feedback.yes}\nNo: ${input.feedback.no}\n\n`
    : '';
  const text = `${input.text}\n\n${ask}-- \n${input.bakeryName}\n${footer}\n`;
  const link = escapeHtml(input.ticketUrl);
  const askHtml = input.feedback
    ? `<p style="font-family:sans-serif">Did this answer your question? <a href="${escapeHtml(input.feedback.yes)}">Yes</a> · <a href="${escapeHtml(input.feedback.no)}">No</a></p>`
    : '';
  const html = [
    '<!doctype html><html><body>',
    `<div style="white-space:pre-wrap;font-family:sans-serif">${escapeHtml(input.text)}</div>`,
    askHtml,
    '<hr>',
    `<p style="font-family:sans-serif;color:#555">${escapeHtml(input.bakeryName)}<br>`,
    `The whole conversation, and a form to write back, are on <a href="${link}">your ticket page</a>.</p>`,
    '</body></html>',
  ].join('');
  return { text, html };
}
