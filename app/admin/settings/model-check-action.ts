'use server';

import { z } from 'zod';
import { recordModelCheck } from '@/db/model-checks';
import { action } from '@/server/action';
import { checkConfiguredModel } from '@/server/model-check';

/** Owner only: one real request to the configured model, said in words and audited. */
export const testModel = action({ role: 'owner', input: z.object({}) }, async (_input, user) => {
  const { ok, verdict, check } = await checkConfiguredModel({ now: new Date() });
  await recordModelCheck({
    userId: user.id,
    now: new Date(),
    model: check?.model ?? null,
    ok,
    verdict,
  });
  return { ok, verdict };
});
