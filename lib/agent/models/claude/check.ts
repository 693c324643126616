import type { AnyTool } from '../../core/tool';
import { checkMaxTokens, checkQuestion, type ModelCheck } from '../model-check';
import {
  type ClaudeSettings,
  cachedPrefix,
  claudeClient,
  claudeFailure,
  requestParams,
} from './claude-model';
import { taskContent } from './prompt';

/**
 * One real request, shaped exactly as a draft's first turn (the same tools, system prompt,
 * cache breakpoints and options), so a key, a model id and the tool schemas are all proven at
 * once. No retries: a person is waiting, and "rate limited" is itself an answer.
 */
export async function checkClaude({
  settings,
  tools,
  system,
  signal,
}: {
  settings: ClaudeSettings;
  tools: readonly AnyTool[];
  system: string;
  signal?: AbortSignal;
}): Promise<ModelCheck> {
  const client = claudeClient({ ...settings, maxRetries: 0 });
  const params = requestParams({
    settings,
    prefix: cachedPrefix({ tools, system }),
    messages: [{ role: 'user', content: taskContent(checkQuestion) }],
    maxTokens: Math.min(settings.maxTokens, checkMaxTokens),
  });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const message = await client.beta.messages.create(params, { signal });
    return {
      ok: true,
      provider: 'claude',
      model: message.model || settings.model,
      latencyMs: elapsed(),
      stopReason: message.stop_reason,
      usage: {
        inputTokens: message.usage.input_tokens,
        outputTokens: message.usage.output_tokens,
        cacheReadTokens: message.usage.cache_read_input_tokens ?? 0,
        cacheWriteTokens: message.usage.cache_creation_input_tokens ?? 0,
      },
    };
  } catch (error) {
    return {
      ok: false,
      provider: 'claude',
      model: settings.model,
      latencyMs: elapsed(),
      failure: claudeFailure(error, settings),
    };
  }
}
