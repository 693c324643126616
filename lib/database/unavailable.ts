/**
 * Whether an error means the database is away for now, rather than that the work was wrong:
 * `unreachable` when the connection could not be made or was lost (PostgreSQL restarting or
 * stopped, the network between), `busy` when the database answered that it cannot take the
 * statement now (SQLite's write lock held past the busy timeout, PostgreSQL out of connection
 * slots). Either way nothing was written that the caller was told about, and the same request
 * may simply be sent again: callers answer 503 with Retry-After, never 500. Anything else
 * (a broken constraint, a bug) is null and stays the error it is.
 *
 * Read from the error's `code` (Node's socket codes, PostgreSQL's SQLSTATE, SQLite's result
 * codes) and, for what node-postgres raises without one, its message; its `cause` and an
 * AggregateError's `errors` (one per address tried) are read too.
 */
export type DatabaseTrouble = 'unreachable' | 'busy';

/** How long a caller is asked to wait before sending the same request again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

const UNREACHABLE_CODES = new Set([
  // The socket: refused, reset, timed out, no route, no such host.
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL's class 08, connection exceptions.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  // Operator intervention: the server shut down (fast or by a crash), or cannot take
  // connections yet (starting up, shutting down, recovering).
  '57P01',
  '57P02',
  '57P03',
]);

const BUSY_CODES = new Set([
  // Too many connections: the server is there but has no slot for another.
  '53300',
]);

/** What node-postgres and pg-pool say, without a code, when a connection is lost or not made. */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^connect ECONNREFUSED/,
  /^read ECONNRESET/,
];

const MAX_DEPTH = 4;

export function databaseTrouble(error: unknown, depth = 0): DatabaseTrouble | null {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return null;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code)) return 'unreachable';
    if (BUSY_CODES.has(code) || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
      return 'busy';
  }
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => m.test(message)))
    return 'unreachable';
  const inner = [cause, ...(Array.isArray(errors) ? errors : [])];
  for (const each of inner) {
    const found = databaseTrouble(each, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Whether the error means "the database is away for now: try again shortly". */
export function isDatabaseAway(error: unknown): boolean {
  return databaseTrouble(error) !== null;
}
