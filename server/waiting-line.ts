import 'server-only';
import { getBakeryData } from '@/db/bakery-data';
import { listFirstRepliesSince } from '@/db/reply-times';
import { replyTimesSince, waitingLine } from '@/lib/expectations/waiting-line';

/** The line a waiting customer reads under their message, as of now (lib/expectations). */
export async function currentWaitingLine(now = new Date()): Promise<string | null> {
  const [{ data: facts }, replies] = await Promise.all([
    getBakeryData(),
    listFirstRepliesSince({ since: replyTimesSince(now) }),
  ]);
  return waitingLine({ facts, now, replies });
}
