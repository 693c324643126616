import 'server-only';
import { getConnection, openSecretOf } from '@/db/connections';
import type { Connection } from '@/db/schema';
import { env } from '@/lib/env';
import { chooseModel, type ModelChoice, savedModelOf } from '@/lib/model-settings/model-choice';
import { type ModelSettingsView, modelSettingsView } from '@/lib/model-settings/view';

/**
 * The model drafts use now: the environment's variables, and for what they leave open the
 * owner's choice in Settings. Read afresh for every draft and claim (one row by its key, and a
 * small decryption), so a change saved in Settings, by this server or another process on the
 * database, reaches the next draft without a restart.
 */
export async function currentModelChoice(): Promise<ModelChoice & { row: Connection | null }> {
  const row = await getConnection({ name: 'model' });
  const choice = chooseModel({
    env: env(),
    saved: savedModelOf(row?.settings),
    key: openSecretOf(row),
  });
  return { ...choice, row };
}

/** The Settings page's "Drafting model" section: never the key, only its state and ending. */
export async function modelSettingsNow(): Promise<ModelSettingsView> {
  const choice = await currentModelChoice();
  const { row } = choice;
  const key = openSecretOf(row);
  return modelSettingsView({
    env: env(),
    choice,
    saved: savedModelOf(row?.settings),
    key: { state: key.state, ending: row?.secretEnding ?? null },
  });
}
