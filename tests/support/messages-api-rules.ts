/**
 * The Messages API's own checks on a request, as the fake applies them: what the real API
 * refuses with 400 `invalid_request_error` (or 404 for a model it does not have) before any model
 * sees the request. Written from the API's documented rules, independently of the SDK's strict
 * transform, so the project's schemas are held to the API and not to themselves.
 */
import { priceOf } from '@/lib/agent/models/claude/prices';

export type Refusal = { status: number; type: string; message: string };

type Json = Record<string, unknown>;

const strictKeywords = new Set([
  'type',
  'enum',
  'const',
  'anyOf',
  'allOf',
  '$defs',
  '$ref',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'description',
  'title',
  'format',
  'minItems',
]);
const strictFormats = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);
export const maxCacheBreakpoints = 4;

const invalid = (message: string): Refusal => ({
  status: 400,
  type: 'invalid_request_error',
  message,
});

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A model id the API serves: one the desk knows a price for (dated ids included). */
export const knownModel = (model: string): boolean => priceOf(model).known;

/** The first rule the request breaks, or null when the API would take it. */
export function refusalOf(body: unknown, { isKnownModel = knownModel } = {}): Refusal | null {
  if (!isObject(body)) return invalid('The request body is not valid JSON.');
  if (typeof body.model !== 'string' || body.model === '') return invalid('model: Field required');
  if (typeof body.max_tokens !== 'number') return invalid('max_tokens: Field required');
  const refusal =
    checkTools(body.tools) ??
    checkSystem(body.system) ??
    checkMessages(body.messages) ??
    checkCacheBreakpoints(body);
  if (refusal) return refusal;
  if (!isKnownModel(body.model)) {
    return { status: 404, type: 'not_found_error', message: `model: ${body.model}` };
  }
  return null;
}

function checkTools(tools: unknown): Refusal | null {
  if (tools === undefined) return null;
  if (!Array.isArray(tools)) return invalid('tools: Input should be a valid list');
  for (const [i, tool] of tools.entries()) {
    if (!isObject(tool) || typeof tool.name !== 'string') {
      return invalid(`tools.${i}.name: Field required`);
    }
    const schema = tool.input_schema;
    if (!isObject(schema) || schema.type !== 'object') {
      return invalid(`tools.${i}.custom.input_schema.type: Input should be 'object'`);
    }
    if (tool.strict === true) {
      const problem = strictSchemaProblem(schema);
      if (problem) return invalid(`tools.${i}.custom.input_schema: ${problem}`);
    }
  }
  return null;
}

/** What strict mode's grammar compiler would refuse in one schema, or null. */
export function strictSchemaProblem(schema: unknown, at = ''): string | null {
  if (!isObject(schema)) return `${at || 'schema'}: a schema must be an object`;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const typeName = types.filter((t) => t !== 'null').join('|') || 'schema';
  for (const key of Object.keys(schema)) {
    if (!strictKeywords.has(key)) {
      return `For '${typeName}' type, property '${key}' is not supported`;
    }
  }
  if (schema.format !== undefined && !strictFormats.has(String(schema.format))) {
    return `For 'string' type, format '${String(schema.format)}' is not supported`;
  }
  if (schema.minItems !== undefined && schema.minItems !== 0 && schema.minItems !== 1) {
    return `For 'array' type, 'minItems' values other than 0 or 1 are not supported`;
  }
  if (types.includes('object') && schema.additionalProperties !== false) {
    return `For 'object' type, 'additionalProperties' must be explicitly set to false`;
  }
  const children: [string, unknown][] = [];
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      children.push([`properties.${name}`, child]);
    }
  }
  if (schema.items !== undefined) children.push(['items', schema.items]);
  for (const key of ['anyOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) {
      for (const [i, child] of list.entries()) children.push([`${key}.${i}`, child]);
    }
  }
  if (isObject(schema.$defs)) {
    for (const [name, child] of Object.entries(schema.$defs))
      children.push([`$defs.${name}`, child]);
  }
  for (const [where, child] of children) {
    const problem = strictSchemaProblem(child, at ? `${at}.${where}` : where);
    if (problem) return problem;
  }
  return null;
}

const blankText = (block: unknown): boolean =>
  isObject(block) && block.type === 'text' && String(block.text ?? '').trim() === '';

function checkSystem(system: unknown): Refusal | null {
  if (system === undefined || typeof system === 'string') return null;
  if (!Array.isArray(system)) return invalid('system: Input should be a valid string or list');
  return system.some(blankText) ? invalid('system: text content blocks must be non-empty') : null;
}

function contentOf(message: Json): unknown[] {
  const content = message.content;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

function idsOf(blocks: unknown[], type: 'tool_use' | 'tool_result'): string[] {
  const key = type === 'tool_use' ? 'id' : 'tool_use_id';
  return blocks.flatMap((b) => (isObject(b) && b.type === type ? [String(b[key])] : []));
}

function checkMessages(messages: unknown): Refusal | null {
  if (!Array.isArray(messages) || messages.length === 0) {
    return invalid('messages: at least one message is required');
  }
  for (const [i, message] of messages.entries()) {
    if (!isObject(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      return invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    }
    const expected = i % 2 === 0 ? 'user' : 'assistant';
    if (message.role !== expected) {
      return invalid(
        i === 0
          ? 'messages: the first message must use the "user" role'
          : `messages: roles must alternate between "user" and "assistant", but found multiple "${message.role}" roles in a row`,
      );
    }
    const blocks = contentOf(message);
    const isLastAssistant = i === messages.length - 1 && message.role === 'assistant';
    if (blocks.length === 0 && !isLastAssistant) {
      return invalid(
        `messages.${i}: all messages must have non-empty content except for the optional final assistant message`,
      );
    }
    const blank = blocks.findIndex(blankText);
    if (blank >= 0) {
      return invalid(`messages.${i}.content.${blank}.text: text content blocks must be non-empty`);
    }
    // Results answer the calls of the assistant turn just before, and only those.
    const previous = messages[i - 1];
    const calls =
      isObject(previous) && previous.role === 'assistant'
        ? idsOf(contentOf(previous), 'tool_use')
        : [];
    const results = idsOf(blocks, 'tool_result');
    const unexpected = results.filter((id) => !calls.includes(id));
    if (unexpected.length > 0) {
      const at = blocks.findIndex(
        (b) =>
          isObject(b) && b.type === 'tool_result' && unexpected.includes(String(b.tool_use_id)),
      );
      return invalid(
        `messages.${i}.content.${at}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${unexpected.join(', ')}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
      );
    }
    if (message.role === 'assistant') {
      const asked = idsOf(blocks, 'tool_use');
      const next = messages[i + 1];
      const answered = isObject(next) ? idsOf(contentOf(next), 'tool_result') : [];
      const missing = asked.filter((id) => !answered.includes(id));
      // A final assistant turn is a prefill; calls in it can have no answers yet.
      if (missing.length > 0 && next !== undefined) {
        return invalid(
          `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        );
      }
    }
  }
  return null;
}

function checkCacheBreakpoints(body: Json): Refusal | null {
  const marked = (list: unknown) =>
    Array.isArray(list) ? list.filter((b) => isObject(b) && b.cache_control).length : 0;
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const count =
    (body.cache_control ? 1 : 0) +
    marked(body.tools) +
    marked(body.system) +
    messages.reduce<number>((n, m) => n + (isObject(m) ? marked(contentOf(m)) : 0), 0);
  return count > maxCacheBreakpoints
    ? invalid(
        `A maximum of ${maxCacheBreakpoints} blocks with cache_control may be provided. Found ${count}.`,
      )
    : null;
}
