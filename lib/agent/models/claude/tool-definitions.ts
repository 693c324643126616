import type { BetaTool } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { AnyTool } from '../../core/tool';
import { strictInputSchema } from '../strict-schema';

/** The tools as the Messages API reads them, in the order given (the order is part of the cached prefix). */
export function claudeToolDefinitions(tools: readonly AnyTool[]): BetaTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: strictInputSchema(tool.inputSchema) as BetaTool['input_schema'],
    strict: true,
  }));
}
