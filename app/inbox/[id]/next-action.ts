'use server';

import { inboxNeighbours } from '@/db/inbox';
import { getPreferences } from '@/db/preferences';
import { questionOnlyInput } from '@/lib/inbox/forms';
import { nextAfterSend } from '@/lib/inbox/next-after-send';
import { action } from '@/server/action';

/**
 * Staff and owners. After a send, the next question needing review for this person, if they
 * keep "go on after Send" on (the default); null to stay.
 */
export const nextAfterSendAction = action(
  { role: 'staff', input: questionOnlyInput },
  async ({ questionId }, user): Promise<{ ok: true; next: number | null }> => {
    const { nextAfterSend: enabled } = await getPreferences({ userId: user.id });
    if (!enabled) return { ok: true, next: null };
    // The sent question keeps its place in time, so its neighbours in "Needs review" are the
    // ones just older and just newer than it, though it has left that tab.
    const near = await inboxNeighbours({ group: 'needsReview', id: questionId });
    return {
      ok: true,
      next: nextAfterSend({ enabled, sentId: questionId, older: near.next, newer: near.previous }),
    };
  },
);
