import 'server-only';
import { createModel, limitsFromEnv, modelConfigFromEnv } from '@/lib/agent';
import { env } from '@/lib/env';
import type { DraftSettings } from './draft-question';

/** The drafting settings the configuration describes: which model, what limits, what lease. */
export function draftSettingsFromEnv(): DraftSettings {
  const config = env();
  return {
    limits: limitsFromEnv(config),
    leaseMs: config.DRAFT_LEASE_MS,
    maxAttempts: config.DRAFT_MAX_ATTEMPTS,
    // Every model but the offline drafter may cost money; an unpriced one counts as free.
    budget:
      config.DRAFT_MODEL === 'offline' ? undefined : { defaultDollars: config.DRAFT_DAILY_DOLLARS },
    makeModel: ({ facts, now, askedAt }) =>
      createModel(modelConfigFromEnv(config, { facts, now, askedAt })),
  };
}
