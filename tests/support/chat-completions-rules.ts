/**
 * Chat Completions' own checks on a request, as the fake applies them: what OpenAI's API refuses
 * with 400 `invalid_request_error` (or 404 `model_not_found`) before any model sees it, worded
 * as the API words it. Written from the API's documented rules (Structured Outputs' supported
 * schemas, the tool message contract), independently of the desk's own transform, so the
 * project's requests are held to the API and not to themselves.
 */
import { openaiPriceOf } from '@/lib/agent/models/openai/prices';

export type ChatRefusal = {
  status: number;
  type: string;
  code: string | null;
  param: string | null;
  message: string;
};

type Json = Record<string, unknown>;

const invalid = (message: string, param: string | null = null, code: string | null = null) =>
  ({ status: 400, type: 'invalid_request_error', code, param, message }) satisfies ChatRefusal;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords strict mode compiles; anything else in a strict schema is refused. */
const strictKeywords = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'anyOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  '$defs',
  '$ref',
  'pattern',
  'format',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'maxItems',
]);
const strictFormats = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
const maxDepth = 10;
const roles = ['system', 'assistant', 'user', 'function', 'tool', 'developer'];
/** Reasoning models take only max_completion_tokens. */
const reasoningModel = (model: string) => /^(o\d|gpt-5)/.test(model);

/** A model id OpenAI serves: one the desk knows a price for (dated ids included). */
export const knownModel = (model: string): boolean => openaiPriceOf(model).known;

export type ChatRules = {
  /** Model ids the server has; OpenAI's priced models by default. */
  isKnownModel?: (model: string) => boolean;
  /**
   * `basic` is a compatible server without strict mode or parallel calls (as many local ones
   * are): it refuses both instead of ignoring them.
   */
  dialect?: 'openai' | 'basic';
};

/** The first rule the request breaks, or null when the API would take it. */
export function chatRefusalOf(
  body: unknown,
  { isKnownModel = knownModel, dialect = 'openai' }: ChatRules = {},
): ChatRefusal | null {
  if (!isObject(body)) {
    return invalid(
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
    );
  }
  if (typeof body.model !== 'string' || body.model === '') {
    return invalid('you must provide a model parameter');
  }
  const refusal =
    checkOptions(body, dialect) ?? checkTools(body.tools, dialect) ?? checkMessages(body.messages);
  if (refusal) return refusal;
  if (!isKnownModel(body.model)) {
    return {
      status: 404,
      type: 'invalid_request_error',
      code: 'model_not_found',
      param: null,
      message: `The model \`${body.model}\` does not exist or you do not have access to it.`,
    };
  }
  return null;
}

function checkOptions(body: Json, dialect: ChatRules['dialect']): ChatRefusal | null {
  if (body.parallel_tool_calls !== undefined && body.tools === undefined) {
    return invalid(
      "Invalid value for 'parallel_tool_calls': 'parallel_tool_calls' is only allowed when 'tools' are specified.",
      'parallel_tool_calls',
      'invalid_value',
    );
  }
  if (dialect === 'basic' && body.parallel_tool_calls === true) {
    return invalid('parallel_tool_calls is not supported by this server', 'parallel_tool_calls');
  }
  if (body.stream_options !== undefined && body.stream !== true) {
    return invalid(
      "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      'stream_options',
      'invalid_value',
    );
  }
  if (body.max_tokens !== undefined && reasoningModel(String(body.model))) {
    return invalid(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      'max_tokens',
      'unsupported_parameter',
    );
  }
  return null;
}

function checkTools(tools: unknown, dialect: ChatRules['dialect']): ChatRefusal | null {
  if (tools === undefined) return null;
  if (!Array.isArray(tools) || tools.length === 0) {
    return invalid(
      "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'tools',
      'empty_array',
    );
  }
  for (const [i, tool] of tools.entries()) {
    const fn = isObject(tool) ? tool.function : undefined;
    if (!isObject(tool) || tool.type !== 'function' || !isObject(fn)) {
      return invalid(`Missing required parameter: 'tools[${i}].function'.`, `tools[${i}].function`);
    }
    const name = String(fn.name ?? '');
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name)) {
      return invalid(
        `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
        `tools[${i}].function.name`,
        'invalid_value',
      );
    }
    if (fn.strict === true) {
      if (dialect === 'basic') {
        return invalid(
          'strict function schemas are not supported by this server',
          `tools[${i}].function.strict`,
        );
      }
      const problem = strictSchemaProblem(fn.parameters);
      if (problem) {
        return invalid(
          `Invalid schema for function '${name}': ${problem}`,
          `tools[${i}].function.parameters`,
          'invalid_function_parameters',
        );
      }
    }
  }
  return null;
}

/** The path of a schema node as the API prints it: a Python tuple. */
const context = (path: string[]) =>
  `(${path.map((p) => `'${p}'`).join(', ')}${path.length === 1 ? ',' : ''})`;

/** What strict mode refuses in a function's parameters, worded as the API words it, or null. */
export function strictSchemaProblem(schema: unknown): string | null {
  if (!isObject(schema) || schema.type !== 'object') {
    const got = isObject(schema) && schema.type !== undefined ? String(schema.type) : 'None';
    return `schema must be a JSON Schema of 'type: "object"', got 'type: "${got}"'.`;
  }
  return nodeProblem(schema, [], 0);
}

function nodeProblem(schema: unknown, path: string[], depth: number): string | null {
  const at = `In context=${context(path)}`;
  if (depth > maxDepth) return `${at}, schema exceeds the maximum nesting depth of ${maxDepth}.`;
  if (!isObject(schema)) return `${at}, schema must be an object.`;
  for (const key of Object.keys(schema)) {
    if (!strictKeywords.has(key)) return `${at}, '${key}' is not permitted.`;
  }
  if (schema.type === undefined && schema.anyOf === undefined && schema.$ref === undefined) {
    return `${at}, schema must have a 'type' key.`;
  }
  if (schema.format !== undefined && !strictFormats.has(String(schema.format))) {
    return `${at}, '${String(schema.format)}' is not a valid format.`;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object')) {
    if (schema.additionalProperties !== false) {
      return `${at}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    const missing = properties.find((key) => !required.includes(key));
    if (missing !== undefined) {
      return `${at}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
    const extra = required.find((key) => !properties.includes(key));
    if (extra !== undefined) {
      return `${at}, 'required' present but '${extra}' is not in 'properties'.`;
    }
  }
  const children: [string[], unknown][] = [];
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      children.push([[...path, 'properties', name], child]);
    }
  }
  if (schema.items !== undefined) children.push([[...path, 'items'], schema.items]);
  if (Array.isArray(schema.anyOf)) {
    for (const [i, child] of schema.anyOf.entries()) {
      children.push([[...path, 'anyOf', String(i)], child]);
    }
  }
  if (isObject(schema.$defs)) {
    for (const [name, child] of Object.entries(schema.$defs)) {
      children.push([[...path, '$defs', name], child]);
    }
  }
  for (const [where, child] of children) {
    const problem = nodeProblem(child, where, depth + 1);
    if (problem) return problem;
  }
  return null;
}

const callIdsOf = (message: Json): string[] =>
  Array.isArray(message.tool_calls)
    ? message.tool_calls.map((call) => String(isObject(call) ? call.id : ''))
    : [];

function checkMessages(messages: unknown): ChatRefusal | null {
  if (!Array.isArray(messages) || messages.length === 0) {
    return invalid(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'messages',
      'empty_array',
    );
  }
  for (const [i, message] of messages.entries()) {
    if (!isObject(message) || !roles.includes(String(message.role))) {
      const role = isObject(message) ? String(message.role) : 'None';
      return invalid(
        `Invalid value: '${role}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
        `messages[${i}].role`,
        'invalid_value',
      );
    }
    const content = message.content;
    if (Array.isArray(content)) {
      if (content.length === 0) {
        return invalid(
          `Invalid 'messages[${i}].content': empty array. Expected an array with minimum length 1, but got an empty array instead.`,
          `messages[${i}].content`,
          'empty_array',
        );
      }
      const bad = content.findIndex(
        (part) => !isObject(part) || part.type !== 'text' || typeof part.text !== 'string',
      );
      if (bad >= 0 && message.role !== 'user') {
        return invalid(
          `Invalid 'messages[${i}].content[${bad}]': expected a text part.`,
          `messages[${i}].content[${bad}]`,
          'invalid_type',
        );
      }
    }
    if (message.role === 'assistant') {
      const calls = callIdsOf(message);
      if ((content === undefined || content === null) && calls.length === 0) {
        return invalid(
          "Invalid value for 'content': expected a string, got null.",
          `messages.[${i}].content`,
        );
      }
      if (calls.length > 0) {
        const answered: string[] = [];
        for (const next of messages.slice(i + 1)) {
          if (!isObject(next) || next.role !== 'tool') break;
          answered.push(String(next.tool_call_id));
        }
        const missing = calls.filter((id) => !answered.includes(id));
        if (missing.length > 0) {
          return invalid(
            `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.join(', ')}`,
            `messages.[${i}].role`,
          );
        }
      }
    } else if (message.role === 'tool') {
      // The calls this tool message may answer: those of the assistant message before the run
      // of tool messages it belongs to.
      let j = i - 1;
      while (j >= 0 && isObject(messages[j]) && (messages[j] as Json).role === 'tool') j--;
      const owner = messages[j];
      if (!isObject(owner) || owner.role !== 'assistant' || callIdsOf(owner).length === 0) {
        return invalid(
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          `messages.[${i}].role`,
        );
      }
      if (!callIdsOf(owner).includes(String(message.tool_call_id))) {
        return invalid(
          `Invalid parameter: 'tool_call_id' of '${String(message.tool_call_id)}' not found in 'tool_calls' of previous message.`,
          `messages.[${i}].tool_call_id`,
        );
      }
      if (typeof content !== 'string' && !Array.isArray(content)) {
        return invalid(
          `Invalid type for 'messages[${i}].content': expected one of a string or array of objects, but got null instead.`,
          `messages[${i}].content`,
          'invalid_type',
        );
      }
    }
  }
  return null;
}
