// The desk's one logger, in plain JavaScript: `scripts/http-edge.mjs` (loaded into `next start`
// before Next.js) and `scripts/start.mjs` import it as it is, and `server/log.ts` gives it to the
// server's code and the workers with its types. One logger per process, kept on globalThis, so
// the edge's access lines and the app's lines share its level, format and redaction.
//
// - Level: LOG_LEVEL (trace, debug, info, warn, error, fatal, silent), info by default.
// - Format: LOG_FORMAT `json` (one JSON object a line: level, time, msg, then the line's facts)
//   or `pretty` (coloured lines for a person); unset, pretty when the output is a terminal and
//   JSON otherwise (a service manager, a pipe, a file).
// - Never logged: the values under REDACTED_KEYS (at the top of a line's facts and two levels
//   down) are replaced by "[redacted]". That is the safety net; the rule is that a customer's
//   words and a secret are never handed to the logger at all.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { isatty } from 'node:tty';
import { format } from 'node:util';
import pino from 'pino';
import pretty from 'pino-pretty';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
export const LOG_FORMATS = ['json', 'pretty'];

/**
 * Keys whose values never reach the output: secrets, credentials, cookies and headers that carry
 * them, and the fields that hold what customers wrote.
 */
export const REDACTED_KEYS = [
  // secrets and credentials
  'password',
  'pass',
  'newPassword',
  'currentPassword',
  'secret',
  'token',
  'ticketToken',
  'inviteToken',
  'sessionToken',
  'apiKey',
  'key',
  'authorization',
  'cookie',
  'set-cookie',
  'setupCode',
  'recoveryCode',
  'totp',
  'auth',
  'DESK_SECRET',
  'DEVICE_COOKIE_SECRET',
  'INTAKE_API_KEY',
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'IMAP_URL',
  // what customers wrote
  'text',
  'body',
  'html',
  'subject',
  'question',
  'reply',
  'draft',
  'customerText',
  'raw',
  'source',
  'note',
  'comment',
  'email',
  'customerName',
  'customerEmail',
];

const path = (key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);

/** `key`, `*.key` and `*.*.key` for each key: a line's facts are shallow, errors one level more. */
export const REDACT_PATHS = REDACTED_KEYS.flatMap((key) => {
  const at = path(key);
  return [at.startsWith('.') ? at.slice(1) : at, `*${at}`, `*.*${at}`];
});

/**
 * The request a line is written for: scripts/http-edge.mjs runs each request inside it, so any
 * line written while the desk answers that request carries its id.
 */
const shared = globalThis;
shared.__deskRequestContext ??= new AsyncLocalStorage();
/** @type {AsyncLocalStorage<{ requestId: string }>} */
export const requestContext = shared.__deskRequestContext;

/** The request id a client may send and have kept: short, and only letters, digits, `-_.:`. */
const GOOD_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A client's own x-request-id when it is well formed, or a new one. */
export function requestIdFor(sent) {
  return typeof sent === 'string' && GOOD_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * A request's path for the log: no query string, and the secret in a ticket (`/t/…`,
 * `/widget/t/…`) or invite link (`/join/…`) replaced, since that path segment is its only key.
 */
export function loggedPath(url) {
  const path = String(url ?? '/').split(/[?#]/, 1)[0] || '/';
  return path.replace(/^(\/(?:widget\/)?t|\/join)\/[^/]+/, '$1/[token]');
}

/** LOG_LEVEL and LOG_FORMAT read leniently: the start-up check (lib/env.ts) refuses bad ones. */
export function logSettings(env = process.env, stream = process.stdout) {
  const level = LOG_LEVELS.includes(env.LOG_LEVEL) ? env.LOG_LEVEL : 'info';
  const format = LOG_FORMATS.includes(env.LOG_FORMAT)
    ? env.LOG_FORMAT
    : stream.isTTY
      ? 'pretty'
      : 'json';
  return { level, format };
}

/**
 * A logger writing to `destination` (a file descriptor, 1 by default, or a stream for tests).
 * JSON lines are written synchronously, so a process that exits right after a line keeps it.
 */
export function createLogger({ level = 'info', format = 'json', destination = 1 } = {}) {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: () => {
      const context = requestContext.getStore();
      return context ? { requestId: context.requestId } : {};
    },
  };
  const to =
    format === 'pretty'
      ? pretty({
          sync: true,
          colorize: typeof destination === 'number' && isatty(destination),
          destination,
          // One line an event: "[12:00:01.234] INFO: [drafting] message {facts}".
          singleLine: true,
          messageFormat: '{if area}[{area}] {end}{msg}',
          ignore: 'pid,hostname,area',
          translateTime: 'SYS:HH:MM:ss.l',
        })
      : typeof destination === 'number'
        ? pino.destination({ dest: destination, sync: true })
        : destination;
  return pino(options, to);
}

/** This process's logger, made on first use from LOG_LEVEL and LOG_FORMAT. */
export function rootLogger() {
  shared.__deskLogger ??= createLogger(logSettings());
  return shared.__deskLogger;
}

/**
 * In a process whose output is JSON, the console's lines (Next.js's own: its start-up banner, the
 * errors it prints) become log lines too, so every line is one JSON object. In a terminal the
 * console is left as it is.
 */
export function routeConsoleToLogger(logger = rootLogger()) {
  if (shared.__deskConsoleRouted || logSettings().format !== 'json') return;
  shared.__deskConsoleRouted = true;
  const levels = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug' };
  for (const [method, level] of Object.entries(levels)) {
    console[method] = (...args) => {
      const err = args.find((arg) => arg instanceof Error);
      const words = args.filter((arg) => arg !== err);
      const message = words.length > 0 ? formatWords(words) : err?.message;
      if (err) logger[level]({ err }, message);
      else logger[level](message);
    };
  }
  // Node's own warnings (deprecations and the like) too, instead of its plain stderr lines.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logger.warn({ err: warning }, warning.message));
}

function formatWords(words) {
  return format(...words).trim();
}
