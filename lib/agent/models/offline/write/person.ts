import type { PersonTopic } from '../topics';
import type { UnclearPart } from '../understanding';
import { catalog } from './catalog';
import { fill, sentence, type Worded } from './catalog/template';
import type { Writer } from './context';

const entries = catalog.person;

/** The topics a draft answers with an apology first and no prices. */
export function apologizes(topic: PersonTopic): boolean {
  return topic.reason === 'complaint' || topic.reason === 'refund' || isIllness(topic);
}

/** A customer who was ill: the reader names the subject so. */
function isIllness(topic: PersonTopic): boolean {
  return topic.reason === 'medical' && topic.subject === 'illness';
}

/**
 * What the draft says as it hands the question to a person, by why it needs one. `answered`:
 * the draft has already answered something; `labelled`: it gave an item's recorded labels.
 */
export function personLine(
  w: Writer,
  topic: PersonTopic,
  answered: boolean,
  labelled: boolean,
): Worded {
  switch (topic.reason) {
    case 'allergens':
      return sentence(labelled ? entries.allergens.labelled : entries.allergens.unlabelled);
    case 'ingredients':
      return sentence(entries.ingredients, {
        them: fill(answered ? catalog.agreement.it.other : catalog.agreement.ourBakes),
      });
    case 'medical':
      if (isIllness(topic)) return sentence(entries.medical.ill);
      return sentence(
        topic.subject === 'a guarantee' ? entries.medical.guarantee : entries.medical.health,
      );
    case 'delivery':
    case 'customOrder':
    case 'complaint':
    case 'refund':
    case 'notUnderstood':
      return sentence(entries[topic.reason]);
    default: {
      // The desk's own word for the topic, or the owner's handover topic as the owner wrote it.
      const subject = w.v.data(topic.subject);
      return sentence(answered ? entries.other.answered : entries.other.alone, { subject });
    }
  }
}

const conflicts = Object.keys(catalog.unclear.parts) as (keyof typeof catalog.unclear.parts)[];

/** What the reader could not read, said in the bakery's words: never the customer's. */
export function unclearLines(w: Writer, unclear: readonly UnclearPart[]): Worded[] {
  const told = conflicts.filter((part) => unclear.includes(part));
  const out: Worded[] = [];
  if (told.length > 0) {
    const parts = w.v.list(
      told.map((part) => fill(catalog.unclear.parts[part])),
      'or',
    );
    out.push(sentence(catalog.unclear.couldNotTell, { parts }));
  }
  if (unclear.includes('unreadWords')) {
    out.push(sentence(told.length > 0 ? catalog.unclear.unreadToo : catalog.unclear.unreadWords));
  }
  return out;
}
