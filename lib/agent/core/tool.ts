import { z } from 'zod';
import type { FactRef, NeedsPerson, ToolFailureKind } from '../types';

/** A failure is data the model can read and act on, never an exception. */
export type ToolFailure = { kind: ToolFailureKind; message: string };

export type Decoded<T> = { ok: true; value: T } | { ok: false; failure: ToolFailure };

/**
 * What a tool's run gives back: data the model reads as JSON (and, from a tool that hands the
 * question to a person, the mark staff see), or a failure.
 */
export type ToolOutcome =
  | { ok: true; data: unknown; needsPerson?: NeedsPerson; read?: FactRef[] }
  /** `data`: what the failure says in values (e.g. which items are unavailable), when anything. */
  | { ok: false; failure: ToolFailure; data?: unknown; read?: FactRef[] };

export type JsonSchema = Record<string, unknown>;

/**
 * A read-only tool. The input schema is written once in zod; the JSON Schema the model reads is
 * generated from it, and `run` only ever sees input the decoder accepted.
 */
export interface Tool<Input = unknown> {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** Overrides the shell's default time limit for this tool. */
  readonly timeoutMs?: number;
  /** What a successful run returns: the core checks the data against it before handing it on. */
  readonly outputSchema?: z.ZodType;
  /** What a failure's data holds, when the tool gives any; data that does not fit is dropped. */
  readonly failureSchema?: z.ZodType;
  decode(input: unknown): Decoded<Input>;
  run(input: Input, context: { signal: AbortSignal }): Promise<ToolOutcome> | ToolOutcome;
}

// Tools of different inputs live in one list; each decodes its own input before running.
// biome-ignore lint/suspicious/noExplicitAny: the list is heterogeneous by design.
export type AnyTool = Tool<any>;

export const ok = (data: unknown): ToolOutcome => ({ ok: true, data });

export const fail = (
  kind: ToolFailureKind,
  message: string,
): { ok: false; failure: ToolFailure } => ({
  ok: false,
  failure: { kind, message },
});

/** A failure that also says what it is about in values, for readers of the typed data. */
export const failWith = (
  kind: ToolFailureKind,
  message: string,
  data: unknown,
): { ok: false; failure: ToolFailure; data: unknown } => ({ ...fail(kind, message), data });

/**
 * Builds a tool from a zod object schema. Strict tool use needs every property required and no
 * extra properties, so optional values are written as `.nullable()` rather than `.optional()`.
 */
export function defineTool<Schema extends z.ZodObject, Input = z.infer<Schema>>(spec: {
  name: string;
  description: string;
  schema: Schema;
  /** A second decoding step for what JSON Schema cannot say (a weekday or a date). */
  refine?: (parsed: z.infer<Schema>) => Decoded<Input>;
  timeoutMs?: number;
  /** The shape of a successful run's data (see `Tool.outputSchema`). */
  output?: z.ZodType;
  /** The shape of a failure's data (see `Tool.failureSchema`). */
  failureOutput?: z.ZodType;
  run: (input: Input, context: { signal: AbortSignal }) => Promise<ToolOutcome> | ToolOutcome;
}): Tool<Input> {
  const { inputSchema, decoder } = compiled(spec.schema);
  return {
    name: spec.name,
    description: spec.description,
    inputSchema,
    timeoutMs: spec.timeoutMs,
    outputSchema: spec.output,
    failureSchema: spec.failureOutput,
    decode(input) {
      const parsed = decoder.safeParse(input);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => {
          const where = issue.path.length > 0 ? issue.path.join('.') : 'input';
          return `${where}: ${issue.message}`;
        });
        return fail(
          'badInput',
          `${spec.name} needs ${describeShape(inputSchema)}. Problems: ${problems.join('; ')}.`,
        );
      }
      // strict() only closes the object, so the data has the schema's own output type.
      const data = parsed.data as z.infer<Schema>;
      return spec.refine ? spec.refine(data) : { ok: true, value: data as Input };
    },
    run: spec.run,
  };
}

type Compiled = { inputSchema: JsonSchema; decoder: z.ZodObject };

// Generating JSON Schema costs more than a whole draft's other work; a schema made once (at
// module level) is compiled once, however many drafts build tools from it.
const compiledSchemas = new WeakMap<z.ZodObject, Compiled>();

function compiled(schema: z.ZodObject): Compiled {
  let found = compiledSchemas.get(schema);
  if (!found) {
    // The model is told no other properties are allowed; the decoder holds it to that.
    found = { inputSchema: strictJsonSchema(schema), decoder: schema.strict() };
    compiledSchemas.set(schema, found);
  }
  return found;
}

/** JSON Schema for the model: generated from zod, with every object closed and fully required. */
export function strictJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  return closeObjects(json) as JsonSchema;
}

function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = closeObjects(value);
  if (out.type === 'object' && out.properties && typeof out.properties === 'object') {
    out.additionalProperties = false;
    out.required = Object.keys(out.properties);
  }
  return out;
}

function describeShape(schema: JsonSchema): string {
  const properties = Object.keys((schema.properties as Record<string, unknown>) ?? {});
  return properties.length > 0 ? `an object with ${properties.join(', ')}` : 'an object';
}
