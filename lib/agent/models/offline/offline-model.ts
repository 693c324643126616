import type { BakeryData } from '../../bakery/data';
import { today, wallClock } from '../../bakery/facts';
import { wordingOf } from '../../bakery/wording';
import type { Model, ModelReply, ToolResult } from '../../types';
import { noUsage } from '../scripted';
import { readConversation } from './follow-up';
import { type PlannedCall, planCalls } from './plan';
import type { Reading } from './read/frame';
import type { NamedDay } from './read/named-days';
import { secondTurn } from './second-turn';
import { alwaysForPerson, readHandoverTopic } from './topics';
import type { Understanding } from './understanding';
import { writeDraft } from './write-draft';

export const offlineModelName = 'offline drafter';

/** Rules cost nothing: every reply spends no tokens and no dollars. */
const free = { usage: noUsage, costUsd: 0 } satisfies Pick<ModelReply, 'usage' | 'costUsd'>;

/**
 * The embedded default: a deterministic, rule-based drafter behind the model seam. It is not a
 * language model. It reads the question into a frame of closed values, asks every tool it needs
 * in one turn, asks a person in a second where the results leave something open, and writes the
 * draft from their results and the reader's `Understanding` alone.
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
  let reading: Reading | null = null;
  let understanding: Understanding = { language: 'en', unclear: [] };
  const results: ToolResult[] = [];
  return {
    name: offlineModelName,
    async takeTurn(turn, { signal, onEvent }) {
      signal.throwIfAborted();
      if (turn.kind === 'task') {
        reading = withHandover(
          readConversation(turn.earlier, turn.text, {
            menu: facts.menu.map((item) => item.name),
            today: today(facts, askedAt),
            namedDays: namedDays(facts),
          }),
          turn.text,
          facts.handoverTopics ?? [],
        );
        understanding = { language: reading.frame.language, unclear: reading.frame.unclear };
        planned = planCalls(reading);
        if (planned.length > 0) {
          return { kind: 'toolCalls', calls: planned.map((p) => p.call), ...free };
        }
      } else if (reading) {
        results.push(...turn.results);
        const next = secondTurn(planned, results, understanding.language, reading.unread);
        // A search that did not answer what it was asked for is no part of the draft.
        planned = planned.filter((p) => !next.drop.includes(p.call.id));
        understanding = afterSearch(understanding, next.unreadAnswered, planned);
        if (next.more.length > 0) {
          planned = [...planned, ...next.more];
          return { kind: 'toolCalls', calls: next.more.map((p) => p.call), ...free };
        }
      }
      const text = writeDraft(planned, results, {
        wording: wordingOf(facts),
        today: today(facts, now),
        nowTime: wallClock(facts, now).time,
        bakeryName: facts.name,
        customerName,
        understanding,
      });
      onEvent?.({ kind: 'textDelta', text });
      return { kind: 'answer', text, ...free };
    },
  };
}

/**
 * The understanding once the owner's knowledge was searched for the unread words: answered, they
 * are unclear no more; unanswered, with nothing else read, nothing was understood.
 */
function afterSearch(
  understanding: Understanding,
  answered: boolean,
  planned: readonly PlannedCall[],
): Understanding {
  if (!understanding.unclear.includes('unreadWords')) return understanding;
  if (answered) {
    return { ...understanding, unclear: understanding.unclear.filter((p) => p !== 'unreadWords') };
  }
  const nothingElse = planned.every((p) => p.purpose.kind === 'person');
  return nothingElse ? { ...understanding, unclear: ['nothingUnderstood'] } : understanding;
}

/** The bakery's date exceptions with a note: "Thanksgiving" names its date. */
function namedDays(facts: BakeryData): NamedDay[] {
  return facts.dateExceptions.flatMap((e) => (e.note ? [{ date: e.date, note: e.note }] : []));
}

/**
 * The owner's own handover topics come before anything the drafter would answer or search for;
 * only allergies, health, refunds and complaints (which a person answers anyway) come first.
 */
function withHandover(reading: Reading, text: string, handover: readonly string[]): Reading {
  const { person } = reading.frame;
  if (person && alwaysForPerson.has(person.reason)) return reading;
  const topic = readHandoverTopic(text, handover);
  return topic ? { ...reading, frame: { ...reading.frame, person: topic } } : reading;
}
