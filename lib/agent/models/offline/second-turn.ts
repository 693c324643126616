import type { ItemResult, KnowledgeResult } from '../../bakery/tools';
import type { ToolResult } from '../../types';
import { knowledgeEntries, markForPerson, type PlannedCall, unclearTopic } from './plan';
import { stem, stemsMeet } from './read/coverage';
import type { PersonTopic } from './topics';
import type { DraftLanguage } from './understanding';

/** Topics an entry explains but a person still arranges: the address, the cake itself. */
const toArrange = new Set(['delivery', 'customOrder']);

/** What the first turn's results leave to do before the draft is written. */
export type SecondTurn = {
  /** At most one mark for a person. */
  more: PlannedCall[];
  /** Searches whose entries do not answer what they were asked for: left out of the draft. */
  drop: string[];
  /** Whether the owner's knowledge answered the words the reader left unread. */
  unreadAnswered: boolean;
};

/**
 * Whether an entry answers the words left unread: a word of its title meets one of them, stems
 * aside ("can I freeze them?" meets "Freezing bread"). A match in the answer's text alone is not
 * good enough to answer from.
 */
export function answersUnread(entry: { title: string }, unread: readonly string[]): boolean {
  const title = (entry.title.toLowerCase().match(/[a-z]+/g) ?? []).map(stem);
  return unread.some((word) => title.some((t) => stemsMeet(word, t)));
}

/**
 * What the first turn's results leave for a person: a topic the owner's knowledge did not
 * answer, a custom order (the entry says the terms; a person takes the details), what goes into
 * an item whose data is not recorded, or words no rule read and no entry answers. At most one
 * mark, asked in a second turn.
 */
export function secondTurn(
  planned: readonly PlannedCall[],
  results: readonly ToolResult[],
  language: DraftLanguage,
  unread: readonly string[],
): SecondTurn {
  const resultOf = (p: PlannedCall) => results.find((r) => r.callId === p.call.id);
  const entriesOf = (p: PlannedCall) => {
    const result = resultOf(p);
    return result && !result.isError ? knowledgeEntries(result.content) : [];
  };
  const drop: string[] = [];
  let unreadAnswered = false;
  let topic: PersonTopic | null = null;
  for (const p of planned) {
    if (p.purpose.kind !== 'knowledge' || p.purpose.topic !== unclearTopic) continue;
    const [entry] = entriesOf(p);
    if (entry && answersUnread(entry, unread)) unreadAnswered = true;
    else {
      drop.push(p.call.id);
      topic = unclearTopic;
    }
  }
  if (planned.some((p) => p.purpose.kind === 'person')) return { more: [], drop, unreadAnswered };
  for (const p of planned) {
    topic ??= topicLeft(p, resultOf(p), entriesOf(p));
  }
  if (!topic) return { more: [], drop, unreadAnswered };
  const id = `c${planned.length + 1}`;
  const call = {
    id,
    name: markForPerson,
    input: { reason: topic.reason, note: topic.note.slice(0, 200) },
  };
  return { more: [{ call, purpose: { kind: 'person', topic, language } }], drop, unreadAnswered };
}

function topicLeft(
  p: PlannedCall,
  result: ToolResult | undefined,
  entries: KnowledgeResult['entries'],
): PersonTopic | null {
  if (p.purpose.kind === 'knowledge' && p.purpose.topic !== unclearTopic) {
    const { topic: asked } = p.purpose;
    if (entries.length === 0) {
      return { ...asked, note: `${asked.note} Nothing the bakery wrote answers it.` };
    }
    if (toArrange.has(asked.reason)) {
      return {
        ...asked,
        note: `${asked.note} The draft quotes "${entries[0]?.title}"; a person arranges it.`,
      };
    }
  }
  if (p.purpose.kind === 'labels' && p.purpose.topic.reason === 'ingredients') {
    const item = result && !result.isError ? (JSON.parse(result.content) as ItemResult) : null;
    // The data answers a dietary tag; anything finer (which flour, seeds on top, kosher) is a
    // person's, with the recorded ingredients already in the draft.
    const dataAnswers = p.purpose.dietary.length > 0;
    if (!item || item.allergens === null || item.ingredients === undefined || !dataAnswers) {
      return p.purpose.topic;
    }
  }
  return null;
}
