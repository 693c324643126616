'use server';

import { revalidatePath } from 'next/cache';
import { saveWidgetOrigins } from '@/db/widget-origins';
import { widgetOriginsInput } from '@/lib/widget/origins';
import { action } from '@/server/action';
import { NOTHING_CHANGED } from '../../_components/form-state';

/** Owner only. The websites allowed to show the "Ask us" panel, one per line. */
export const saveWidgetSites = action(
  { role: 'owner', input: widgetOriginsInput },
  async ({ origins }, user) => {
    const { changed } = await saveWidgetOrigins({ origins, by: user.id, now: new Date() });
    revalidatePath('/admin/settings');
    if (!changed) return { ok: true, message: NOTHING_CHANGED } as const;
    return {
      ok: true,
      message:
        origins.length === 0
          ? 'Saved. No website shows the Ask us button now.'
          : `Saved. The Ask us button works on ${origins.join(', ')}.`,
    } as const;
  },
);
