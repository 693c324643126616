'use server';

import { revalidatePath } from 'next/cache';
import { setUndoSendSeconds } from '@/db/undo-send';
import { undoSendInput } from '@/lib/inbox/undo-send';
import { action } from '@/server/action';
import { NOTHING_CHANGED } from '../../_components/form-state';

/** Owner only. How long a sent reply is held so its sender can undo it; 0 sends at once. */
export const saveUndoSend = action(
  { role: 'owner', input: undoSendInput },
  async ({ undoSendSeconds }, user) => {
    const { changed } = await setUndoSendSeconds({
      seconds: undoSendSeconds,
      by: user.id,
      now: new Date(),
    });
    revalidatePath('/admin/settings');
    if (!changed) return { ok: true, message: NOTHING_CHANGED } as const;
    return {
      ok: true,
      message:
        undoSendSeconds === 0
          ? 'Saved. Replies now go out the moment they are sent, with no undo.'
          : `Saved. Each reply is held for ${undoSendSeconds} seconds, with Undo on screen.`,
    } as const;
  },
);
