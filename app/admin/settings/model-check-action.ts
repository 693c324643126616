'use server';

import { getConnection, openSecretOf } from '@/db/connections';
import { recordModelCheck } from '@/db/model-checks';
import { env } from '@/lib/env';
import { modelSettingsToTest } from '@/lib/model-settings/decide';
import { modelSettingsInput } from '@/lib/model-settings/form';
import { chooseModel, savedModelOf } from '@/lib/model-settings/model-choice';
import { action } from '@/server/action';
import { checkConfiguredModel, UNREADABLE_KEY_VERDICT } from '@/server/model-check';

const OFFLINE_VERDICT =
  'The offline drafter needs no connection: it writes drafts on this computer, at no cost.';

/**
 * Owner only: one real request to the model the "Drafting model" form describes (its values,
 * with the key typed there or else the saved one; the environment's where it sets them), the
 * same check as `npm run model:check`, said in words and audited. Saves nothing.
 */
export const testModel = action(
  { role: 'owner', input: modelSettingsInput },
  async (input, user) => {
    const config = env();
    const row = await getConnection({ name: 'model' });
    const test = modelSettingsToTest({
      input,
      env: config,
      saved: savedModelOf(row?.settings),
      savedKey: openSecretOf(row),
    });
    const choice = chooseModel({ env: config, saved: test.saved, key: test.key });
    const now = new Date();
    let result: { ok: boolean; verdict: string; model: string | null };
    if (choice.wanted === 'offline') {
      result = { ok: true, verdict: OFFLINE_VERDICT, model: null };
    } else if (choice.problem === 'unreadableKey') {
      result = { ok: false, verdict: UNREADABLE_KEY_VERDICT, model: null };
    } else {
      // Without a key the check itself says what is missing, in the page's words.
      const tried = choice.problem
        ? { ...choice.config, DRAFT_MODEL: choice.wanted }
        : choice.config;
      const { ok, verdict, check } = await checkConfiguredModel({
        now,
        config: tried,
        names: test.names,
      });
      result = { ok, verdict, model: check?.model ?? null };
    }
    await recordModelCheck({
      userId: user.id,
      now,
      model: result.model,
      ok: result.ok,
      verdict: result.verdict,
    });
    return { ok: result.ok, verdict: result.verdict };
  },
);
