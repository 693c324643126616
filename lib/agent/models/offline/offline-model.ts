import type { BakeryData } from '../../bakery/data';
import { today, wallClock } from '../../bakery/facts';
import { wordingOf } from '../../bakery/wording';
import type { Model, ModelReply } from '../../types';
import { noUsage } from '../scripted';
import { readConversation } from './follow-up';
import { type PlannedCall, planCalls } from './plan';
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
}: {
  facts: BakeryData;
  now: Date;
  /** When the newest message arrived: its days are read from its day. */
  askedAt?: Date;
}): Model {
  let planned: PlannedCall[] = [];
  return {
    name: offlineModelName,
    async takeTurn(turn, { signal, onEvent }) {
      signal.throwIfAborted();
      if (turn.kind === 'task') {
        const reading = readConversation(turn.earlier, turn.text, {
          menu: facts.menu.map((item) => item.name),
          today: today(facts, askedAt),
        });
        planned = planCalls(reading);
        if (planned.length > 0) {
          return { kind: 'toolCalls', calls: planned.map((p) => p.call), ...free };
        }
      }
      const text = writeDraft(planned, turn.kind === 'toolResults' ? turn.results : [], {
        wording: wordingOf(facts),
        today: today(facts, now),
        nowTime: wallClock(facts, now).time,
        bakeryName: facts.name,
      });
      onEvent?.({ kind: 'textDelta', text });
      return { kind: 'answer', text, ...free };
    },
  };
}
