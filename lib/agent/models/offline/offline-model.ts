import type { BakeryData } from '../../bakery/data';
import { today } from '../../bakery/facts';
import type { Model, ModelReply } from '../../types';
import { noUsage } from '../scripted';
import { type PlannedCall, planCalls } from './plan';
import { readQuestion } from './read-question';
import { writeDraft } from './write-draft';

export const offlineModelName = 'offline drafter';

/** Rules cost nothing: every reply spends no tokens and no dollars. */
const free = { usage: noUsage, costUsd: 0 } satisfies Pick<ModelReply, 'usage' | 'costUsd'>;

/**
 * The embedded default: a deterministic, rule-based drafter behind the model seam. It is not a
 * language model. It reads the question, asks every tool it needs in one turn, and writes the
 * draft from their results alone.
 */
export function offlineModel({ facts, now }: { facts: BakeryData; now: Date }): Model {
  let planned: PlannedCall[] = [];
  return {
    name: offlineModelName,
    async takeTurn(turn, { signal, onEvent }) {
      signal.throwIfAborted();
      if (turn.kind === 'task') {
        const reading = readQuestion(turn.text, {
          menu: facts.menu.map((item) => item.name),
          today: today(facts, now),
        });
        planned = planCalls(reading);
        if (planned.length > 0) {
          return { kind: 'toolCalls', calls: planned.map((p) => p.call), ...free };
        }
      }
      const text = writeDraft(planned, turn.kind === 'toolResults' ? turn.results : []);
      onEvent?.({ kind: 'textDelta', text });
      return { kind: 'answer', text, ...free };
    },
  };
}
