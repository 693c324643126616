import { zonedParts } from '../bakery/calendar';
import type { BakeryData } from '../bakery/data';
import { hoursOn } from '../bakery/facts';
import { bakeryTools } from '../bakery/tools';
import type { AnyTool } from '../core/tool';
import type { Model } from '../types';
import { type ClaudeSettings, claudeModel } from './claude/claude-model';
import { systemPrompt } from './claude/prompt';
import { offlineModel } from './offline/offline-model';

export type ModelConfig =
  | { kind: 'offline'; facts: BakeryData; now: Date }
  | {
      kind: 'claude';
      facts: BakeryData;
      now: Date;
      claude: ClaudeSettings;
      /** The tools the model may call; the bakery's tools over the same facts by default. */
      tools?: readonly AnyTool[];
    };

/** A fresh conversation with the configured model, over the bakery's facts at `now`. */
export function createModel(config: ModelConfig): Model {
  switch (config.kind) {
    case 'offline':
      return offlineModel({ facts: config.facts, now: config.now });
    case 'claude':
      return claudeModel({
        settings: config.claude,
        ...claudePromptParts({ facts: config.facts, now: config.now, tools: config.tools }),
      });
  }
}

/** What Claude is given before any question: the tools and the system prompt for `now`'s day. */
export function claudePromptParts({
  facts,
  now,
  tools,
}: {
  facts: BakeryData;
  now: Date;
  tools?: readonly AnyTool[];
}): { tools: readonly AnyTool[]; system: string } {
  const today = zonedParts(now, facts.timezone).date;
  return {
    tools: tools ?? bakeryTools(facts, { now }),
    system: systemPrompt({
      bakeryName: facts.name,
      timezone: facts.timezone,
      today,
      weekday: hoursOn(facts, today).weekday,
    }),
  };
}
