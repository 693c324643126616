import 'server-only';
import { eraseExpiredConversations } from '@/db/retention';
import { type Log, logger, logTo } from './log';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Erases closed conversations past the owner's retention period at start-up and hourly, in the
 * server and in every separate worker: the erasure is one transaction, so two processes
 * sweeping at once erase each conversation once.
 */
export function startRetentionSweeper(log: Log = logTo(logger('retention'))): void {
  const sweep = async () => {
    try {
      const { erased, days } = await eraseExpiredConversations({ now: new Date(), by: null });
      if (erased > 0) {
        log(`erased ${erased} conversation(s) closed over ${days} days ago`, { erased, days });
      }
    } catch (error) {
      log('could not erase expired conversations', { level: 'error', err: error });
    }
  };
  // Not awaited: a sweep reports its own failure, and start-up does not wait for it.
  void sweep();
  setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
}
