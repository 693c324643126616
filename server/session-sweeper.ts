import 'server-only';
import { deleteExpiredSessions } from '@/db/sessions';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Expired sessions are refused whenever they are presented; this also deletes the ones nobody
 * presents again, at start-up and hourly, so the table does not grow for ever.
 */
export function startSessionSweeper(): void {
  const sweep = () => {
    try {
      deleteExpiredSessions({ now: new Date() });
    } catch (error) {
      console.error('[sessions] could not delete expired sessions:', error);
    }
  };
  sweep();
  setInterval(sweep, SWEEP_EVERY_MS).unref();
}
