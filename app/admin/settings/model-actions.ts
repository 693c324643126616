'use server';

import { revalidatePath } from 'next/cache';
import { getConnection, saveConnection } from '@/db/connections';
import { env } from '@/lib/env';
import { modelSettingsToSave } from '@/lib/model-settings/decide';
import { modelSettingsInput } from '@/lib/model-settings/form';
import { savedModelOf } from '@/lib/model-settings/model-choice';
import { action } from '@/server/action';
import { NOTHING_CHANGED } from '../../_components/form-state';

/**
 * Owner only: saves the "Drafting model" form. The key is sealed before it is stored and never
 * comes back to the page; the next draft (here or in a separate worker) uses the new choice,
 * without a restart.
 */
export const saveModelSettings = action(
  { role: 'owner', input: modelSettingsInput },
  async (input, user) => {
    const row = await getConnection({ name: 'model' });
    const { settings, secret } = modelSettingsToSave({
      input,
      env: env(),
      saved: savedModelOf(row?.settings),
      hasKey: Boolean(row?.sealedSecret),
    });
    const { changed } = await saveConnection({ name: 'model', settings, secret, userId: user.id });
    revalidatePath('/admin', 'layout');
    return {
      ok: true,
      message: changed ? 'Saved. The next draft uses it.' : NOTHING_CHANGED,
    } as const;
  },
);
