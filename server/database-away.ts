import 'server-only';
import { pingDatabase } from '@/db/health';
import {
  type DatabaseTrouble,
  databaseTrouble,
  RETRY_AFTER_SECONDS,
} from '@/lib/database/unavailable';
import { logger } from './log';

/**
 * What the desk's requests do while its database is away (PostgreSQL restarting, SQLite's write
 * lock held too long): answer 503 with Retry-After instead of failing, and tell the operator's
 * log when it went away (again every 10 s while it stays away, not on every request) and once
 * when a page or /api/ready finds it answering again.
 */

const QUIET_MS = 10_000;

type Watch = { awaySince?: number; loggedAt?: number };
const holder = globalThis as unknown as { __deskDatabaseAway?: Watch };
const watch = (): Watch => {
  holder.__deskDatabaseAway ??= {};
  return holder.__deskDatabaseAway;
};

/**
 * Whether `error` means the database is away for now; if so, noted for the log (where: the
 * route or action that met it).
 */
export function databaseAway(error: unknown, where: string): DatabaseTrouble | null {
  const trouble = databaseTrouble(error);
  if (!trouble) return null;
  const state = watch();
  const now = Date.now();
  state.awaySince ??= now;
  if (state.loggedAt === undefined || now - state.loggedAt >= QUIET_MS) {
    state.loggedAt = now;
    logger('database').warn(
      { err: error, trouble, where, awayForMs: now - state.awaySince },
      trouble === 'busy'
        ? 'the database is busy: answering 503 until it takes statements again'
        : 'the database is unreachable: answering 503 until it answers again',
    );
  }
  return trouble;
}

/** The database answered: the log says so once, if it had been away. */
export function databaseAnswered(): void {
  const state = watch();
  if (state.awaySince === undefined) return;
  logger('database').info(
    { awayForMs: Date.now() - state.awaySince },
    'the database answers again',
  );
  state.awaySince = undefined;
  state.loggedAt = undefined;
}

export const RETRY_AFTER = String(RETRY_AFTER_SECONDS);

/** The intake API's and other routes' answer while the database is away. */
export function databaseAwayResponse(): Response {
  return Response.json(
    {
      error: `The desk cannot reach its database just now. Send the same request again in ${RETRY_AFTER_SECONDS} seconds; with the same externalId, a question that did arrive is answered, never stored twice.`,
    },
    { status: 503, headers: { 'Retry-After': RETRY_AFTER, 'Cache-Control': 'no-store' } },
  );
}

/**
 * A route handler that answers 503 with Retry-After when the database is away, and fails as
 * before on any other error.
 */
export function answeringWhileDatabaseAway<Args extends unknown[]>(
  where: string,
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (databaseAway(error, where)) return databaseAwayResponse();
      throw error;
    }
  };
}

/**
 * Whether the database is away right now, asked with one trivial statement (a connection from
 * the pool, or a refusal within moments when the server is down). Other failures say no.
 */
export async function databaseAwayNow(where: string): Promise<boolean> {
  try {
    await pingDatabase();
    databaseAnswered();
    return false;
  } catch (error) {
    // Anything else (a database a newer release migrated, say) is the page's own to show.
    return databaseAway(error, where) !== null;
  }
}
