import 'server-only';
import type { SpendCap } from '@/db/queue';
import { createModel, limitsFromEnv, modelConfigFromEnv } from '@/lib/agent';
import { env } from '@/lib/env';
import type { DraftSettings } from './draft-question';
import { currentModelChoice } from './model-choice';

/**
 * The drafting settings: limits and lease from the configuration, and the model (with whether
 * the day's budget holds it back) chosen afresh for each claim and each draft, from the
 * environment and what the owner saved in Settings (`currentModelChoice`).
 */
export function draftSettingsFromEnv(): DraftSettings & {
  budget: () => Promise<SpendCap | undefined>;
} {
  const config = env();
  return {
    limits: limitsFromEnv(config),
    leaseMs: config.DRAFT_LEASE_MS,
    maxAttempts: config.DRAFT_MAX_ATTEMPTS,
    // Every model but the offline drafter may cost money; an unpriced one counts as free.
    budget: async () =>
      (await currentModelChoice()).provider === 'offline'
        ? undefined
        : { defaultDollars: config.DRAFT_DAILY_DOLLARS },
    makeModel: async ({ facts, now, askedAt, customerName }) =>
      createModel(
        modelConfigFromEnv((await currentModelChoice()).config, {
          facts,
          now,
          askedAt,
          customerName,
        }),
      ),
  };
}
