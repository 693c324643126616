import type { BakeryData } from '../../bakery/data';
import { today, wallClock } from '../../bakery/facts';
import { wordingOf } from '../../bakery/wording';
import type { Model, ModelReply, ToolResult } from '../../types';
import { noUsage } from '../scripted';
import { readConversation } from './follow-up';
import { followUpCalls, type PlannedCall, planCalls } from './plan';
import type { Reading } from './read-question';
import { alwaysForPerson, readHandoverTopic } from './topics';
import { writeDraft } from './write-draft';

export const offlineModelName = 'offline drafter';

/** Rules cost nothing: every reply spends no tokens and no dollars. */
const free = { usage: noUsage, costUsd: 0 } satisfies Pick<ModelReply, 'usage' | 'costUsd'>;

/**
 * The embedded default: a deterministic, rule-based drafter behind the model seam. It is not a
 * language model. It reads the question, asks every tool it needs in one turn, and writes the
 * draft from their results alone.
 */
export function offlineModel({
  facts,
  now,
  askedAt = now,
  customerName = null,
}: {
  facts: BakeryData;
  now: Date;
  /** When the newest message arrived: its days are read from its day. */
  askedAt?: Date;
  /** The name the customer gave; the draft greets them by first name when it is one. */
  customerName?: string | null;
}): Model {
  let planned: PlannedCall[] = [];
  let language: Reading['language'] = 'en';
  const results: ToolResult[] = [];
  return {
    name: offlineModelName,
    async takeTurn(turn, { signal, onEvent }) {
      signal.throwIfAborted();
      if (turn.kind === 'task') {
        const reading = withHandover(
          readConversation(turn.earlier, turn.text, {
            menu: facts.menu.map((item) => item.name),
            today: today(facts, askedAt),
          }),
          turn.text,
          facts.handoverTopics ?? [],
        );
        language = reading.language;
        planned = planCalls(reading);
        if (planned.length > 0) {
          return { kind: 'toolCalls', calls: planned.map((p) => p.call), ...free };
        }
      } else {
        results.push(...turn.results);
        const more = followUpCalls(planned, results, language);
        if (more.length > 0) {
          planned = [...planned, ...more];
          return { kind: 'toolCalls', calls: more.map((p) => p.call), ...free };
        }
      }
      const text = writeDraft(planned, results, {
        wording: wordingOf(facts),
        today: today(facts, now),
        nowTime: wallClock(facts, now).time,
        bakeryName: facts.name,
        customerName,
      });
      onEvent?.({ kind: 'textDelta', text });
      return { kind: 'answer', text, ...free };
    },
  };
}

/**
 * The owner's own handover topics come before anything the drafter would answer or search for;
 * only allergies, health, refunds and complaints (which a person answers anyway) come first.
 */
function withHandover(reading: Reading, text: string, handover: readonly string[]): Reading {
  if (reading.person && alwaysForPerson.has(reading.person.reason)) return reading;
  const topic = readHandoverTopic(text, handover);
  return topic ? { ...reading, person: topic } : reading;
}
