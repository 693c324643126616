import type { AnyTool } from '../../core/tool';
import { checkMaxTokens, checkQuestion, type ModelCheck } from '../model-check';
import { completionOf, usageOf } from './completion';
import { type OpenAISettings, openaiClient, openaiFailure, requestParams } from './openai-model';
import { openaiToolDefinitions } from './tool-definitions';
import { chatMessages } from './transcript';

/**
 * One real request, shaped exactly as a draft's first turn (the same tools, strictness, system
 * prompt and options), so a key, a base URL, a model id and the tool schemas are all proven at
 * once. No retries: a person is waiting, and "rate limited" is itself an answer.
 */
export async function checkOpenAI({
  settings,
  tools,
  system,
  signal,
}: {
  settings: OpenAISettings;
  tools: readonly AnyTool[];
  system: string;
  signal?: AbortSignal;
}): Promise<ModelCheck> {
  const client = openaiClient({ ...settings, maxRetries: 0 });
  const params = requestParams({
    settings,
    tools: openaiToolDefinitions(tools, { strict: settings.strict }),
    messages: chatMessages({ system, earlier: [], newest: checkQuestion, exchanges: [] }),
    maxTokens: Math.min(settings.maxTokens, checkMaxTokens),
  });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const completion = completionOf(
      await client.chat.completions.create({ ...params, stream: false }, { signal }),
    );
    return {
      ok: true,
      provider: 'openai',
      model: completion.model || settings.model,
      latencyMs: elapsed(),
      stopReason: completion.finishReason,
      usage: usageOf(completion.usage),
    };
  } catch (error) {
    return {
      ok: false,
      provider: 'openai',
      model: settings.model,
      latencyMs: elapsed(),
      failure: openaiFailure(error, settings),
    };
  }
}
