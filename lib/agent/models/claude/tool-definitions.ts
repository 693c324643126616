import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import type { BetaTool } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { AnyTool, JsonSchema } from '../../core/tool';

// Tools are rebuilt for every draft over the same module-level schemas; transforming each schema
// once keeps the request bytes (and so the prompt cache) identical across drafts.
const strictSchemas = new WeakMap<JsonSchema, JsonSchema>();

/**
 * The JSON Schema a strict tool may carry. The Messages API compiles strict schemas into a
 * grammar and refuses keywords outside a small subset (numeric bounds, string lengths, patterns,
 * …). The SDK's own transform keeps that subset and moves every other keyword into the
 * description, so the model still reads the rule; the tool's zod decoder still enforces it.
 */
export function strictInputSchema(schema: JsonSchema): JsonSchema {
  let strict = strictSchemas.get(schema);
  if (!strict) {
    strict = transformJSONSchema(schema);
    strictSchemas.set(schema, strict);
  }
  return strict;
}

/** The tools as the Messages API reads them, in the order given (the order is part of the cached prefix). */
export function claudeToolDefinitions(tools: readonly AnyTool[]): BetaTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: strictInputSchema(tool.inputSchema) as BetaTool['input_schema'],
    strict: true,
  }));
}
