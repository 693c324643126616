import 'server-only';
import { getBakeryData } from '@/db/bakery-data';
import {
  checkClaude,
  checkOpenAI,
  describeModelCheck,
  type ModelCheck,
  modelConfigFromEnv,
  promptParts,
} from '@/lib/agent';
import { env } from '@/lib/env';

export type ModelCheckVerdict = {
  ok: boolean;
  /** One line for a person: what happened, and what to do about it. */
  verdict: string;
  check?: ModelCheck;
};

/**
 * Checks the configured model with one real request carrying the desk's real tools and system
 * prompt for today: the OpenAI-compatible model when DRAFT_MODEL=openai, Claude otherwise.
 * Stores nothing; the caller decides what to record.
 */
export async function checkConfiguredModel({ now }: { now: Date }): Promise<ModelCheckVerdict> {
  const config = env();
  if (config.DRAFT_MODEL === 'openai') {
    if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) {
      return {
        ok: false,
        verdict:
          "Not configured: DRAFT_MODEL=openai needs OPENAI_API_KEY for OpenAI's API, or OPENAI_BASE_URL for a server of your own.",
      };
    }
    const { data: facts } = await getBakeryData();
    const model = modelConfigFromEnv(config, { facts, now, model: 'openai' });
    if (model.kind !== 'openai') throw new Error('an OpenAI configuration was asked for');
    const check = await checkOpenAI({ settings: model.openai, ...promptParts({ facts, now }) });
    return { ok: check.ok, verdict: describeModelCheck(check), check };
  }
  if (!config.ANTHROPIC_API_KEY) {
    return {
      ok: false,
      verdict:
        'Not configured: ANTHROPIC_API_KEY is not set, so drafts use the offline drafter. Set it to draft with Claude.',
    };
  }
  const { data: facts } = await getBakeryData();
  const model = modelConfigFromEnv(config, { facts, now, model: 'claude' });
  if (model.kind !== 'claude') throw new Error('a Claude configuration was asked for');
  const check = await checkClaude({ settings: model.claude, ...promptParts({ facts, now }) });
  const offline =
    config.DRAFT_MODEL === 'offline'
      ? ' Drafts still use the offline drafter (DRAFT_MODEL=offline).'
      : '';
  return { ok: check.ok, verdict: `${describeModelCheck(check)}${offline}`, check };
}
