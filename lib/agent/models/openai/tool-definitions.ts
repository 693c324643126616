import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { AnyTool, JsonSchema } from '../../core/tool';
import { strictInputSchema } from '../strict-schema';

const parameterSchemas = new WeakMap<JsonSchema, JsonSchema>();

/**
 * A tool's input schema as Chat Completions' strict mode takes it: the shared strict subset (the
 * rules it refuses already moved into the descriptions), with every node typed (an enum gets
 * the type of its values) and a nullable value written as a type union. Made once per schema,
 * so the request's bytes stay the same from draft to draft (the prompt cache reads prefixes).
 */
export function functionParameters(schema: JsonSchema): JsonSchema {
  let parameters = parameterSchemas.get(schema);
  if (!parameters) {
    parameters = typed(strictInputSchema(schema)) as JsonSchema;
    parameterSchemas.set(schema, parameters);
  }
  return parameters;
}

/**
 * The tools as functions. `strict` off is for servers that do not take strict schemas (many
 * local ones): the same schemas go as plain guidance, and the decoders still refuse bad input.
 */
export function openaiToolDefinitions(
  tools: readonly AnyTool[],
  { strict }: { strict: boolean },
): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: functionParameters(tool.inputSchema),
      ...(strict ? { strict: true } : {}),
    },
  }));
}

const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : typeof value === 'number'
      ? Number.isInteger(value)
        ? 'integer'
        : 'number'
      : typeof value;

function typed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typed);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // Property names are data, not schemas: walk their schemas, keep the names.
    out[key] =
      key === 'properties' || key === '$defs'
        ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, typed(v)]))
        : key === 'enum' || key === 'required' || key === 'const'
          ? value
          : typed(value);
  }
  if (out.type === undefined && Array.isArray(out.enum)) {
    const types = [...new Set(out.enum.map(jsonType))];
    out.type = types.length === 1 ? types[0] : types;
  }
  const variants = out.anyOf;
  if (Array.isArray(variants) && variants.length === 2) {
    const isNull = (v: unknown) => (v as { type?: unknown } | null)?.type === 'null';
    const other = variants.find((v) => !isNull(v)) as Record<string, unknown> | undefined;
    if (variants.some(isNull) && other && typeof other.type === 'string' && !other.anyOf) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}
