'use server';

import { recordModelCheck } from '@/db/model-checks';
import type { Denial } from '@/lib/auth/roles';
import { checkConfiguredModel } from '@/server/model-check';
import { authorizeAction } from '@/server/session';

export type ModelCheckState = { ok: boolean; verdict: string } | Denial | undefined;

/** Owner only: one real request to the configured model, said in words and audited. */
export async function testModel(
  _previous: ModelCheckState,
  _formData: FormData,
): Promise<ModelCheckState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const { ok, verdict, check } = await checkConfiguredModel({ now: new Date() });
  recordModelCheck({
    userId: auth.user.id,
    now: new Date(),
    model: check?.model ?? null,
    ok,
    verdict,
  });
  return { ok, verdict };
}
