import {
  changed,
  clausesFor,
  conversation,
  counted,
  numbered,
  quoted,
  type Sentence,
} from '../phrases';
import { type Details, numberOf, textOf } from '../read-details';

function labelName(details: Details, other: Details, id: string | null): string {
  const name = textOf(details, 'name') ?? textOf(other, 'name');
  return name ? `the label ${quoted(name)}` : numbered('a label', id);
}

function assignee(details: Details): string {
  return textOf(details, 'assignee') ?? numbered('a person', numberOf(details, 'assigneeId'));
}

export const conversationSentences = {
  'question.assign': ({ actor, before, after, entityId }) => {
    const which = conversation(entityId);
    if (after.onOpen === true) return `${actor} took ${which} by opening it`;
    const was = numberOf(before, 'assigneeId') !== undefined ? ` (was ${assignee(before)})` : '';
    return `${actor} gave ${which} to ${assignee(after)}${was}`;
  },
  'question.unassign': ({ actor, before, entityId }) =>
    `${actor} took ${conversation(entityId)} off ${assignee(before)}`,
  'question.discard': ({ actor, after, entityId }) => {
    const reason = textOf(after, 'reason');
    const together = numberOf(after, 'bulk');
    return `${actor} discarded ${conversation(entityId)}${reason ? `: ${quoted(reason)}` : ''}${
      together && together > 1 ? ` (one of ${together} discarded together)` : ''
    }`;
  },
  'conversation.merge': ({ actor, before, after, entityId }) => {
    const moved = numberOf(after, 'messagesMoved');
    return `${actor} merged ${conversation(numberOf(before, 'conversation') ?? entityId)} into ${conversation(
      numberOf(after, 'mergedInto'),
    )}${moved === undefined ? '' : `, moving ${counted(moved, 'message')}`}`;
  },
  'conversation.replyAddress': ({ actor, after, entityId }) => {
    const to = textOf(after, 'repliesTo');
    return `${actor} changed where replies in ${conversation(entityId)} go${to ? `: to ${to}` : ''}`;
  },
  'conversation.label': ({ actor, after, entityId }) =>
    `${actor} put ${numbered('a label', numberOf(after, 'labelId'))} on ${conversation(entityId)}`,
  'conversation.unlabel': ({ actor, before, entityId }) =>
    `${actor} took ${numbered('a label', numberOf(before, 'labelId'))} off ${conversation(entityId)}`,
  'label.create': ({ actor, after, entityId }) => `${actor} made ${labelName(after, {}, entityId)}`,
  'label.update': ({ actor, before, after, entityId }) => {
    const clauses = clausesFor(before, after, {
      name: { what: 'the name', word: (v) => quoted(String(v ?? '')) },
      colour: { what: 'the colour', word: (v) => String(v ?? 'none') },
    });
    const label = labelName(before, after, entityId);
    const [only] = clauses;
    return clauses.length === 1 && only?.what === 'the name'
      ? `${actor} renamed ${label} to ${only.to}`
      : changed(actor, label, clauses);
  },
  'label.delete': ({ actor, before, entityId }) => {
    const carried = numberOf(before, 'conversations');
    return `${actor} deleted ${labelName(before, {}, entityId)}${
      carried ? ` (it was on ${counted(carried, 'conversation')})` : ''
    }`;
  },
  'reply.hold': ({ actor, before, after, at }) => {
    const until = Date.parse(textOf(after, 'heldUntil') ?? '');
    const seconds = Number.isNaN(until) ? 0 : Math.round((until - at.getTime()) / 1000);
    return `${actor} sent a reply to ${conversation(numberOf(before, 'questionId'))}${
      seconds > 0 ? `, with ${counted(seconds, 'second')} to undo it` : ''
    }`;
  },
  'reply.undo': ({ actor, entityId }) =>
    `${actor} took back a reply to ${conversation(entityId)} before it went out`,
  'retention.erase': ({ actor, before, after }) => {
    const erased = numberOf(after, 'erased') ?? 0;
    const days = numberOf(before, 'retentionDays');
    return `${actor} erased the customer details of ${counted(erased, 'closed conversation')}${
      days === undefined ? '' : ` older than ${counted(days, 'day')}`
    }`;
  },
  'samples.remove': ({ actor, before }) => {
    const ids = before.exampleQuestions;
    const removed = Array.isArray(ids) ? ids.length : undefined;
    return removed === undefined
      ? `${actor} removed the example questions`
      : `${actor} removed the ${counted(removed, 'example question')}`;
  },
} satisfies Record<string, Sentence>;
