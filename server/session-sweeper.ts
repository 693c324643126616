import 'server-only';
import { deleteStaleRateLimitHits } from '@/db/rate-limits';
import { deleteExpiredSessions } from '@/db/sessions';
import { logger } from './log';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Expired sessions are refused whenever they are presented; this also deletes the ones nobody
 * presents again, at start-up and hourly, so the table does not grow for ever, and customers'
 * rate limit hits (their addresses) once older than any limit's window.
 */
export function startSessionSweeper(): void {
  const sweep = async () => {
    try {
      const now = new Date();
      await deleteExpiredSessions({ now });
      await deleteStaleRateLimitHits({ now });
    } catch (error) {
      logger('sessions').error({ err: error }, 'could not delete expired sessions');
    }
  };
  // Not awaited: a sweep reports its own failure and never rejects; start-up goes on meanwhile.
  void sweep();
  setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
}
