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
    case 'claude': {
      const today = zonedParts(config.now, config.facts.timezone).date;
      return claudeModel({
        settings: config.claude,
        tools: config.tools ?? bakeryTools(config.facts, { now: config.now }),
        system: systemPrompt({
          bakeryName: config.facts.name,
          timezone: config.facts.timezone,
          today,
          weekday: hoursOn(config.facts, today).weekday,
        }),
      });
    }
  }
}
