import 'server-only';
import { getBakeryData } from '@/db/bakery-data';
import {
  checkClaude,
  checkOpenAI,
  describeModelCheck,
  type ModelCheck,
  modelConfigFromEnv,
  promptParts,
  type SettingNames,
} from '@/lib/agent';
import type { Env } from '@/lib/env';
import { currentModelChoice } from './drafting/model-choice';

export type ModelCheckVerdict = {
  ok: boolean;
  /** One line for a person: what happened, and what to do about it. */
  verdict: string;
  check?: ModelCheck;
};

/** Said when the saved key was sealed under a key this desk no longer has. */
export const UNREADABLE_KEY_VERDICT =
  "The saved key can't be read any more: enter it again in Settings. Drafts use the offline drafter meanwhile.";

/**
 * Checks a model with one real request carrying the desk's real tools and system prompt for
 * today: the OpenAI-compatible model when DRAFT_MODEL=openai, Claude otherwise. Without
 * `config`, the model drafts use now (the environment, then what Settings saved); the Settings
 * page passes the values in its form, and `names` for the fields the advice should name there.
 * Stores nothing; the caller decides what to record.
 */
export async function checkConfiguredModel({
  now,
  config,
  names,
}: {
  now: Date;
  config?: Env;
  names?: Partial<SettingNames>;
}): Promise<ModelCheckVerdict> {
  if (!config) {
    const choice = await currentModelChoice();
    if (choice.problem === 'unreadableKey') return { ok: false, verdict: UNREADABLE_KEY_VERDICT };
    config = choice.config;
  }
  // Set when the key is entered in Settings: the refusals then say where to enter it.
  const inSettings = names?.key !== undefined;
  if (config.DRAFT_MODEL === 'openai') {
    if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) {
      return {
        ok: false,
        verdict: inSettings
          ? "Not connected: enter an API key for OpenAI's API, or the address of a server of your own."
          : "Not configured: DRAFT_MODEL=openai needs OPENAI_API_KEY for OpenAI's API, or OPENAI_BASE_URL for a server of your own.",
      };
    }
    const { data: facts } = await getBakeryData();
    const model = modelConfigFromEnv(config, { facts, now, model: 'openai' });
    if (model.kind !== 'openai') throw new Error('an OpenAI configuration was asked for');
    const check = await checkOpenAI({ settings: model.openai, ...promptParts({ facts, now }) });
    return { ok: check.ok, verdict: describeModelCheck(check, { names }), check };
  }
  if (!config.ANTHROPIC_API_KEY) {
    return {
      ok: false,
      verdict: inSettings
        ? 'Not connected: enter an API key from the Anthropic console.'
        : 'Not configured: ANTHROPIC_API_KEY is not set, so drafts use the offline drafter. Set it to draft with Claude.',
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
  return { ok: check.ok, verdict: `${describeModelCheck(check, { names })}${offline}`, check };
}
