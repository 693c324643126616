/**
 * What a failed delivery means, and what happens next: pure decisions with no clock of their
 * own. A mail server's 4xx answer and a connection that failed are temporary: try again later.
 * A 5xx answer is its final word: fail at once, with its words, for a person to see.
 */

/** The parts of a failed send the desk reads (nodemailer's error carries them). */
export type SendFailure = {
  message: string;
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
};

export type FailureKind = 'temporary' | 'permanent';

// Failures of the connection itself, not an answer about this email.
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EPROXY',
  'EPROTOCOL',
]);

export type ClassifiedFailure = {
  kind: FailureKind;
  /** The server's own words when it answered; what went wrong on the way otherwise. */
  words: string;
  /** Whether the failure says the server is unwell (down, refusing logins), not only this email. */
  serverTrouble: boolean;
};

export function classifyFailure(failure: SendFailure): ClassifiedFailure {
  const words = (failure.response ?? failure.message).replace(/\s+/g, ' ').trim().slice(0, 500);
  const code = failure.responseCode;
  const login = failure.code === 'EAUTH' || failure.code === 'ENOAUTH';
  const connection = failure.code !== undefined && CONNECTION_CODES.has(failure.code);
  const kind: FailureKind =
    code !== undefined && code >= 500 && code < 600 ? 'permanent' : 'temporary';
  // A refused recipient or message is an answer from a working server; a refused login, a
  // connection that failed or a greeting that never came is the server's (or its setting's) trouble.
  const aboutMessage = ['MAIL FROM', 'RCPT TO', 'DATA'].includes(failure.command ?? '');
  return { kind, words, serverTrouble: login || connection || !aboutMessage };
}

export const DELIVERY_BACKOFF_BASE_MS = 10_000;
export const DELIVERY_BACKOFF_CAP_MS = 15 * 60_000;
export const DELIVERY_MAX_ATTEMPTS = 10;

/** 10 s, 20 s, 40 s … capped at 15 minutes: room for a greylist or an outage to pass. */
export function deliveryBackoffMs(attempt: number, baseMs = DELIVERY_BACKOFF_BASE_MS): number {
  return Math.min(DELIVERY_BACKOFF_CAP_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}

export type AfterDeliveryFailure =
  | { status: 'queued'; notBefore: Date; lastError: string }
  | { status: 'failed'; lastError: string };

export function afterDeliveryFailure(input: {
  failure: ClassifiedFailure;
  attempts: number;
  maxAttempts: number;
  now: Date;
  backoffBaseMs?: number;
}): AfterDeliveryFailure {
  if (input.failure.kind === 'permanent') {
    return { status: 'failed', lastError: input.failure.words };
  }
  if (input.attempts >= input.maxAttempts) {
    return {
      status: 'failed',
      lastError: `Gave up after ${input.attempts} tries: ${input.failure.words}`,
    };
  }
  const wait = deliveryBackoffMs(input.attempts, input.backoffBaseMs);
  return {
    status: 'queued',
    notBefore: new Date(input.now.getTime() + wait),
    lastError: input.failure.words,
  };
}
