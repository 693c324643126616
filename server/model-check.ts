import 'server-only';
import { getBakeryData } from '@/db/bakery-data';
import {
  checkClaude,
  claudePromptParts,
  describeModelCheck,
  type ModelCheck,
  modelConfigFromEnv,
} from '@/lib/agent';
import { env } from '@/lib/env';

export type ModelCheckVerdict = {
  ok: boolean;
  /** One line for a person: what happened, and what to do about it. */
  verdict: string;
  check?: ModelCheck;
};

/**
 * Checks the configured Claude key and model with one real request carrying the desk's real
 * tools and system prompt for today. Stores nothing; the caller decides what to record.
 */
export async function checkConfiguredModel({ now }: { now: Date }): Promise<ModelCheckVerdict> {
  const config = env();
  if (!config.ANTHROPIC_API_KEY) {
    return {
      ok: false,
      verdict:
        'Not configured: ANTHROPIC_API_KEY is not set, so drafts use the offline drafter. Set it to draft with Claude.',
    };
  }
  const { data: facts } = getBakeryData();
  const model = modelConfigFromEnv(config, { facts, now, model: 'claude' });
  if (model.kind !== 'claude') throw new Error('a Claude configuration was asked for');
  const check = await checkClaude({
    settings: model.claude,
    ...claudePromptParts({ facts, now }),
  });
  const offline =
    config.DRAFT_MODEL === 'offline'
      ? ' Drafts still use the offline drafter (DRAFT_MODEL=offline).'
      : '';
  return { ok: check.ok, verdict: `${describeModelCheck(check)}${offline}`, check };
}
