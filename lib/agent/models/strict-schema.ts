import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import type { JsonSchema } from '../core/tool';

// Tools are rebuilt for every draft over the same module-level schemas; transforming each schema
// once keeps the request bytes (and so the prompt cache) identical across drafts.
const strictSchemas = new WeakMap<JsonSchema, JsonSchema>();

/**
 * The JSON Schema a strict tool may carry. Strict modes compile schemas into a grammar and refuse
 * keywords outside a small subset (numeric bounds, string lengths, patterns, …). The Anthropic
 * SDK's transform keeps the subset both the Messages API and Chat Completions accept and moves
 * every other keyword into the description, so the model still reads the rule; the tool's zod
 * decoder still enforces it.
 */
export function strictInputSchema(schema: JsonSchema): JsonSchema {
  let strict = strictSchemas.get(schema);
  if (!strict) {
    strict = transformJSONSchema(schema);
    strictSchemas.set(schema, strict);
  }
  return strict;
}
