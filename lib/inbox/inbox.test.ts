import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '@/lib/agent/types';
import { editDistance, measureEdit } from './edit-distance';
import { discardInput, saveInput, sendInput } from './forms';
import {
  countByGroup,
  draftMarks,
  firstLine,
  groupOf,
  neighbours,
  pageCount,
  parseGroup,
  parsePage,
  parsePersonFilter,
  statusesOf,
  stopLabel,
} from './groups';
import { commandFor, type KeyPress } from './keys';
import { emptyProgress, foldProgress } from './progress';

describe('edit distance', () => {
  it.each([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['flaw', 'lawn', 2],
    ['same text', 'same text', 0],
    ['$36.00', '$38.00', 1],
  ])('from %j to %j is %i', (from, to, expected) => {
    expect(editDistance(from, to)).toBe(expected);
    expect(editDistance(to, from)).toBe(expected);
  });

  it('counts an emoji or accented letter as one character', () => {
    expect(editDistance('café 🥐', 'cafe 🥖')).toBe(2);
  });

  it('records whether and how much a draft was edited', () => {
    expect(
      measureEdit({ draft: 'Yes, see you Saturday.', sent: 'Yes, see you Saturday.' }),
    ).toEqual({ edited: false, editDistance: 0 });
    expect(measureEdit({ draft: 'Yes.', sent: 'Yes!' })).toEqual({ edited: true, editDistance: 1 });
    expect(measureEdit({ draft: null, sent: 'Written by hand' })).toEqual({
      edited: true,
      editDistance: 15,
    });
  });
});

describe('inbox groups', () => {
  it('puts every status in exactly one tab', () => {
    expect(groupOf('drafted')).toBe('needsReview');
    expect(groupOf('queued')).toBe('inProgress');
    expect(groupOf('drafting')).toBe('inProgress');
    expect(groupOf('failed')).toBe('failed');
    expect(groupOf('sent')).toBe('sent');
    expect(groupOf('discarded')).toBe('discarded');
    expect(statusesOf('inProgress')).toEqual(['queued', 'drafting']);
  });

  it('sums status counts into tabs', () => {
    expect(countByGroup({ queued: 2, drafting: 1, drafted: 4, sent: 1 })).toEqual({
      needsReview: 4,
      inProgress: 3,
      failed: 0,
      sent: 1,
      discarded: 0,
    });
  });

  it('reads the tab and page from the address, falling back on anything odd', () => {
    expect(parseGroup('sent')).toBe('sent');
    expect(parseGroup(['failed', 'sent'])).toBe('failed');
    expect(parseGroup('constructor')).toBe('needsReview');
    expect(parseGroup(undefined)).toBe('needsReview');
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});

describe('draft marks', () => {
  const answered = { stopKind: 'answered' as const, factsVersion: 3 };

  it('marks a draft made before the facts changed as stale', () => {
    expect(draftMarks({ status: 'drafted', run: answered, factsVersion: 4 })).toEqual({
      noAnswer: false,
      stale: true,
      needsPerson: null,
    });
    expect(draftMarks({ status: 'drafted', run: answered, factsVersion: 3 }).stale).toBe(false);
  });

  it('marks a run that stopped without an answer', () => {
    const run = { stopKind: 'outOfTurns' as const, factsVersion: 1 };
    expect(draftMarks({ status: 'drafted', run, factsVersion: 1 }).noAnswer).toBe(true);
  });

  it('carries the mark for a person on an open question, and drops it once the question is closed', () => {
    const marked = {
      ...answered,
      needsPersonReason: 'allergens' as const,
      needsPersonNote: 'sesame',
    };
    expect(draftMarks({ status: 'drafted', run: marked, factsVersion: 3 }).needsPerson).toEqual({
      reason: 'allergens',
      note: 'sesame',
    });
    expect(draftMarks({ status: 'sent', run: marked, factsVersion: 3 }).needsPerson).toBeNull();
    expect(parsePersonFilter('1')).toBe(true);
    expect(parsePersonFilter(['1', '0'])).toBe(true);
    expect(parsePersonFilter('yes')).toBe(false);
    expect(parsePersonFilter(undefined)).toBe(false);
  });

  it('leaves sent, discarded and undrafted questions unmarked', () => {
    expect(draftMarks({ status: 'sent', run: answered, factsVersion: 9 }).stale).toBe(false);
    expect(draftMarks({ status: 'discarded', run: answered, factsVersion: 9 }).stale).toBe(false);
    expect(draftMarks({ status: 'drafted', run: null, factsVersion: 9 }).stale).toBe(false);
  });

  it('names why a run stopped', () => {
    expect(stopLabel({ stopKind: 'answered', stopReason: null })).toBe('answered');
    expect(stopLabel({ stopKind: 'modelStopped', stopReason: 'refused' })).toBe(
      'the model stopped (refused)',
    );
    // A failed request's reason is its class for the metrics, not words for people.
    expect(stopLabel({ stopKind: 'failed', stopReason: 'rateLimited' })).toBe('the request failed');
  });
});

describe('rows and neighbours', () => {
  it('shows the first non-blank line, cut to length', () => {
    expect(firstLine('\n  \n  Hello there \nsecond')).toBe('Hello there');
    expect(firstLine('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(firstLine('')).toBe('');
  });

  it('finds the questions before and after one', () => {
    expect(neighbours([5, 4, 3], 4)).toEqual({ previous: 5, next: 3 });
    expect(neighbours([5, 4, 3], 5)).toEqual({ previous: null, next: 4 });
    expect(neighbours([5, 4, 3], 3)).toEqual({ previous: 4, next: null });
    expect(neighbours([5, 4, 3], 9)).toEqual({ previous: null, next: 5 });
  });
});

describe('keyboard commands', () => {
  const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    typing: false,
    ...more,
  });

  it('maps j, k, e and ? outside text fields', () => {
    expect(commandFor(press('j'))).toBe('next');
    expect(commandFor(press('k'))).toBe('previous');
    expect(commandFor(press('e'))).toBe('edit');
    expect(commandFor(press('?'))).toBe('help');
    expect(commandFor(press('x'))).toBeNull();
  });

  it('ignores letters while typing, and with modifiers', () => {
    expect(commandFor(press('j', { typing: true }))).toBeNull();
    expect(commandFor(press('?', { typing: true }))).toBeNull();
    expect(commandFor(press('k', { ctrlKey: true }))).toBeNull();
    expect(commandFor(press('e', { altKey: true }))).toBeNull();
  });

  it('sends with Ctrl or Cmd+Enter, even while typing', () => {
    expect(commandFor(press('Enter', { ctrlKey: true, typing: true }))).toBe('send');
    expect(commandFor(press('Enter', { metaKey: true }))).toBe('send');
    expect(commandFor(press('Enter'))).toBeNull();
  });
});

describe('a draft being written', () => {
  it('shows the current turn’s text as it streams, and each lookup as it finishes', () => {
    const call = { id: 'c1', name: 'menu_item', input: { name: 'rye' } };
    const events: AgentEvent[] = [
      { kind: 'turnStarted', turn: 1 },
      { kind: 'textDelta', turn: 1, text: 'Let me check. ' },
      { kind: 'toolCall', turn: 1, call },
      {
        kind: 'toolResult',
        turn: 1,
        result: { callId: 'c1', content: 'no', isError: true, errorKind: 'notFound' },
        durationMs: 3,
      },
      { kind: 'turnStarted', turn: 2 },
      { kind: 'textDelta', turn: 2, text: 'Hi, ' },
      { kind: 'textDelta', turn: 2, text: 'rye is $9.' },
    ];
    const progress = events.reduce(foldProgress, emptyProgress);
    expect(progress).toEqual({
      turn: 2,
      text: 'Hi, rye is $9.',
      lookups: [{ callId: 'c1', name: 'menu_item', done: true, isError: true }],
      stopped: false,
    });
    const spent = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
    const stopped = foldProgress(progress, {
      kind: 'stopped',
      stop: { kind: 'answered', text: 'Hi, rye is $9.' },
      spent: { ...spent, turns: 2, costUsd: 0 },
    });
    expect(stopped.stopped).toBe(true);
  });

  it('marks the lookup whose call id the result carries, whatever order they finish in', () => {
    const slow = { id: 'slow', name: 'opening_hours', input: { date: '2026-12-05' } };
    const fast = { id: 'fast', name: 'menu_item', input: { name: 'kouign' } };
    const result = (callId: string, isError: boolean): AgentEvent => ({
      kind: 'toolResult',
      turn: 1,
      result: { callId, content: isError ? 'not on the menu' : '{}', isError },
      durationMs: 1,
    });
    const started: AgentEvent[] = [
      { kind: 'turnStarted', turn: 1 },
      { kind: 'toolCall', turn: 1, call: slow },
      { kind: 'toolCall', turn: 1, call: fast },
    ];
    const fastFailed = [...started, result('fast', true)].reduce(foldProgress, emptyProgress);
    expect(fastFailed.lookups).toEqual([
      { callId: 'slow', name: 'opening_hours', done: false, isError: false },
      { callId: 'fast', name: 'menu_item', done: true, isError: true },
    ]);
    const bothDone = foldProgress(fastFailed, result('slow', false));
    expect(bothDone.lookups.map((l) => [l.callId, l.done, l.isError])).toEqual([
      ['slow', true, false],
      ['fast', true, true],
    ]);
  });
});

describe('the inbox forms', () => {
  it('keeps the reply exactly as typed, with the line breaks the editor had', () => {
    const parsed = sendInput.parse({
      questionId: '3',
      version: '4',
      text: '  Hi!\r\n\r\nSee you.\r\n',
    });
    expect(parsed).toEqual({ questionId: 3, version: 4, text: '  Hi!\n\nSee you.\n' });
  });

  it('refuses a blank or oversized reply, a bad id and a short discard reason', () => {
    expect(sendInput.safeParse({ questionId: '3', version: '1', text: ' \n ' }).success).toBe(
      false,
    );
    // A send must say which version of the question the sender confirmed.
    expect(sendInput.safeParse({ questionId: '3', text: 'Hi' }).success).toBe(false);
    expect(sendInput.safeParse({ questionId: '3', text: 'x'.repeat(5001) }).success).toBe(false);
    expect(sendInput.safeParse({ questionId: 'abc', text: 'Hi' }).success).toBe(false);
    expect(saveInput.safeParse({ questionId: '3', text: 'Hi' }).success).toBe(false);
    expect(discardInput.safeParse({ questionId: '3', reason: ' no ' }).success).toBe(false);
    expect(discardInput.parse({ questionId: '3', reason: ' Spam ' }).reason).toBe('Spam');
  });
});
