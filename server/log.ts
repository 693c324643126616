import type { Logger } from 'pino';
import { requestContext, rootLogger } from './log-core.mjs';

/**
 * The server's and the workers' logger (`server/log-core.mjs` makes it: level, format, redaction,
 * the request id of the request being answered). Each part of the desk logs under its `area`.
 *
 * What a line may carry: ids (question, conversation, reply, email UID), counts, durations,
 * states, a server's name without its password, an error. Never a customer's words (question,
 * message, reply, draft, subject), their name or address, a password, key, token or cookie: such
 * a value is never passed to the logger, and REDACTED_KEYS blanks it if it is by mistake.
 */
export type { Logger };

export function logger(area: string): Logger {
  return rootLogger().child({ area });
}

/**
 * Runs `work` outside the request being answered: what it starts (a worker restarted because a
 * request saved new settings) lives on after the request, and its lines must not carry its id.
 */
export function outsideRequest<T>(work: () => T): T {
  return requestContext.exit(work);
}

/** A line's facts: its level (info by default), ids and counts, an error. */
export type LogFields = {
  level?: 'debug' | 'info' | 'warn' | 'error';
  err?: unknown;
  questionId?: number;
  replyId?: number;
  [fact: string]: unknown;
};

/**
 * What the workers and the mail watcher are given to log with: one line, with its facts. Tests
 * pass a function that keeps the messages; the processes pass `logTo(logger(area))`.
 */
export type Log = (message: string, fields?: LogFields) => void;

/**
 * Lines that name their question (a conversation is its first question) or reply in words,
 * as the job runner's and the workers' do ("question 12: …", "reply 7 emailed"), carry its id
 * as a field too, unless they give it themselves, so an operator can filter on it.
 */
const NAMED_IDS: [RegExp, 'questionId' | 'replyId'][] = [
  [/\b(?:question|conversation) (\d+)\b/, 'questionId'],
  [/\breply (\d+)\b/, 'replyId'],
];

export function namedIds(message: string): Partial<Record<'questionId' | 'replyId', number>> {
  const ids: Partial<Record<'questionId' | 'replyId', number>> = {};
  for (const [pattern, field] of NAMED_IDS) {
    const found = pattern.exec(message)?.[1];
    if (found && ids[field] === undefined) ids[field] = Number(found);
  }
  return ids;
}

export function logTo(target: Logger): Log {
  return (message, { level = 'info', ...fields } = {}) =>
    target[level]({ ...namedIds(message), ...fields }, message);
}
