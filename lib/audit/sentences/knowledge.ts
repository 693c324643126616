import {
  addedAndRemoved,
  changed,
  clausesFor,
  numbered,
  quoted,
  type Sentence,
  wordList,
} from '../phrases';
import { type Details, flagOf, textOf, wordsOf } from '../read-details';

function entryTitle(details: Details, other: Details, id: string | null): string {
  const title = textOf(details, 'title') ?? textOf(other, 'title');
  return title ? `the knowledge entry ${quoted(title)}` : numbered('a knowledge entry', id);
}

const knowledgeFields = {
  title: { what: 'the title', word: (v: unknown) => quoted(String(v ?? '')) },
  answer: { what: 'the answer' },
  tags: { what: 'the tags', word: wordList },
};

export const knowledgeSentences = {
  'knowledge.add': ({ actor, after, entityId }) =>
    `${actor} added ${entryTitle(after, {}, entityId)}${flagOf(after, 'enabled') === false ? ' (switched off)' : ''}`,
  'knowledge.update': ({ actor, before, after, entityId }) => {
    const subject = entryTitle(before, after, entityId);
    const clauses = clausesFor(before, after, knowledgeFields);
    const [was, now] = [flagOf(before, 'enabled'), flagOf(after, 'enabled')];
    const switched = was !== now && now !== undefined;
    if (switched && clauses.length === 0) {
      return `${actor} switched ${now ? 'on' : 'off'} ${subject}`;
    }
    if (switched) clauses.push({ what: 'whether drafts use it', to: now ? 'on' : 'off' });
    return changed(actor, subject, clauses);
  },
  'knowledge.on': ({ actor, before, after, entityId }) =>
    `${actor} switched on ${entryTitle(before, after, entityId)}`,
  'knowledge.off': ({ actor, before, after, entityId }) =>
    `${actor} switched off ${entryTitle(before, after, entityId)}`,
  'knowledge.remove': ({ actor, before, entityId }) =>
    `${actor} removed ${entryTitle(before, {}, entityId)}`,
  'handover.update': ({ actor, before, after }) =>
    `${actor} changed the topics always handed to a person: ${addedAndRemoved(
      wordsOf(before, 'handoverTopics') ?? [],
      wordsOf(after, 'handoverTopics') ?? [],
    )}`,
} satisfies Record<string, Sentence>;
