import { zonedParts } from '../bakery/calendar';
import type { BakeryData } from '../bakery/data';
import { hoursOn } from '../bakery/facts';
import { greetingInstruction } from '../bakery/greeting';
import { bakeryTools } from '../bakery/tools';
import { wordingOf } from '../bakery/wording';
import type { AnyTool } from '../core/tool';
import type { Model } from '../types';
import { type ClaudeSettings, claudeModel } from './claude/claude-model';
import { systemPrompt } from './claude/prompt';
import { offlineModel } from './offline/offline-model';
import { type OpenAISettings, openaiModel } from './openai/openai-model';

/**
 * `now` is when the draft is made; `askedAt` when the question arrived (relative days are read
 * as of it), `now` when not given. `customerName` is the name the customer gave, for the
 * greeting.
 */
export type ModelConfig =
  | { kind: 'offline'; facts: BakeryData; now: Date; askedAt?: Date; customerName?: string | null }
  | {
      kind: 'claude';
      facts: BakeryData;
      now: Date;
      askedAt?: Date;
      customerName?: string | null;
      claude: ClaudeSettings;
      /** The tools the model may call; the bakery's tools over the same facts by default. */
      tools?: readonly AnyTool[];
    }
  | {
      kind: 'openai';
      facts: BakeryData;
      now: Date;
      askedAt?: Date;
      customerName?: string | null;
      openai: OpenAISettings;
      tools?: readonly AnyTool[];
    };

/** A fresh conversation with the configured model, over the bakery's facts at `now`. */
export function createModel(config: ModelConfig): Model {
  switch (config.kind) {
    case 'offline':
      return offlineModel({
        facts: config.facts,
        now: config.now,
        askedAt: config.askedAt ?? config.now,
        customerName: config.customerName,
      });
    case 'claude':
      return claudeModel({
        settings: config.claude,
        ...promptParts(config),
      });
    case 'openai':
      return openaiModel({
        settings: config.openai,
        ...promptParts(config),
      });
  }
}

/**
 * What a model is given: the tools and the system prompt for `now`'s day (the same bytes for
 * every draft of that day), and the words that tell it when this question arrived and when it
 * is drafted, which travel with the question instead.
 */
export function promptParts({
  facts,
  now,
  askedAt = now,
  tools,
  customerName,
}: {
  facts: BakeryData;
  now: Date;
  askedAt?: Date;
  tools?: readonly AnyTool[];
  customerName?: string | null;
}): { tools: readonly AnyTool[]; system: string; timing: string } {
  const today = zonedParts(now, facts.timezone).date;
  const moment = (at: Date) => {
    const { date, time } = zonedParts(at, facts.timezone);
    return `${hoursOn(facts, date).weekday} ${date} at ${time}`;
  };
  return {
    tools: tools ?? bakeryTools(facts, { now, askedAt }),
    system: systemPrompt({
      bakeryName: facts.name,
      timezone: facts.timezone,
      today,
      weekday: hoursOn(facts, today).weekday,
      wording: wordingOf(facts),
      handoverTopics: facts.handoverTopics,
    }),
    // The greeting travels with the question, never in the system prompt: that stays the same
    // bytes for every draft of the day, so it stays cached.
    timing: [
      `The question arrived ${moment(askedAt)}; it is now ${moment(now)} (the bakery's time).`,
      greetingInstruction(customerName),
    ]
      .filter((part) => part !== null)
      .join(' '),
  };
}
