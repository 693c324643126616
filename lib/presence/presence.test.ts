import { describe, expect, it } from 'vitest';
import {
  colleaguesOn,
  emptyPresence,
  expire,
  heartbeat,
  leave,
  MAX_TABS_PER_PERSON,
  nextExpiry,
  presenceItems,
  presenceSentences,
  samePresence,
  sendAnywayQuestion,
} from './presence';

const ana = { userId: 1, name: 'Ana' };
const ben = { userId: 2, name: 'Ben' };
const EXPIRY = 25_000;

describe('presence bookkeeping', () => {
  it('a heartbeat joins a person to a question, and another moves the tab', () => {
    let state = heartbeat(
      emptyPresence,
      { tabId: 'tab-ana-1', ...ana, questionId: 7, typing: false },
      1_000,
      EXPIRY,
    );
    expect(presenceItems(state)).toEqual([
      { questionId: 7, userId: 1, name: 'Ana', typing: false },
    ]);
    state = heartbeat(
      state,
      { tabId: 'tab-ana-1', ...ana, questionId: 8, typing: false },
      2_000,
      EXPIRY,
    );
    expect(presenceItems(state)).toEqual([
      { questionId: 8, userId: 1, name: 'Ana', typing: false },
    ]);
  });

  it('a person with two tabs on one question is one person, writing if either tab is', () => {
    let state = heartbeat(
      emptyPresence,
      { tabId: 'a1', ...ana, questionId: 7, typing: false },
      0,
      EXPIRY,
    );
    state = heartbeat(state, { tabId: 'a2', ...ana, questionId: 7, typing: true }, 0, EXPIRY);
    expect(presenceItems(state)).toEqual([{ questionId: 7, userId: 1, name: 'Ana', typing: true }]);
    state = heartbeat(state, { tabId: 'a2', ...ana, questionId: 7, typing: false }, 10, EXPIRY);
    expect(presenceItems(state)[0]?.typing).toBe(false);
  });

  it('a tab is forgotten once its last heartbeat expires, not before', () => {
    let state = heartbeat(
      emptyPresence,
      { tabId: 'a1', ...ana, questionId: 7, typing: true },
      1_000,
      EXPIRY,
    );
    state = heartbeat(state, { tabId: 'b1', ...ben, questionId: 7, typing: false }, 11_000, EXPIRY);
    expect(nextExpiry(state)).toBe(26_000);
    expect(presenceItems(expire(state, 25_999))).toHaveLength(2);
    const later = expire(state, 26_000);
    expect(presenceItems(later)).toEqual([
      { questionId: 7, userId: 2, name: 'Ben', typing: false },
    ]);
    expect(nextExpiry(later)).toBe(36_000);
    expect(nextExpiry(expire(later, 36_000))).toBeNull();
  });

  it('a heartbeat renews the expiry', () => {
    let state = heartbeat(
      emptyPresence,
      { tabId: 'a1', ...ana, questionId: 7, typing: false },
      0,
      EXPIRY,
    );
    state = heartbeat(state, { tabId: 'a1', ...ana, questionId: 7, typing: false }, 20_000, EXPIRY);
    expect(presenceItems(expire(state, 30_000))).toHaveLength(1);
    expect(presenceItems(expire(state, 45_000))).toHaveLength(0);
  });

  it('expiring nothing keeps the same state, so no change is announced', () => {
    const state = heartbeat(
      emptyPresence,
      { tabId: 'a1', ...ana, questionId: 7, typing: false },
      0,
      EXPIRY,
    );
    expect(expire(state, 5)).toBe(state);
  });

  it('only the tab’s own person can make it leave', () => {
    const state = heartbeat(
      emptyPresence,
      { tabId: 'a1', ...ana, questionId: 7, typing: false },
      0,
      EXPIRY,
    );
    expect(presenceItems(leave(state, 'a1', ben.userId))).toHaveLength(1);
    expect(presenceItems(leave(state, 'a1', ana.userId))).toHaveLength(0);
    expect(leave(state, 'unknown', ana.userId)).toBe(state);
  });

  it('says who else is on a question, writers first, never oneself', () => {
    let state = heartbeat(
      emptyPresence,
      { tabId: 'a1', ...ana, questionId: 7, typing: true },
      0,
      EXPIRY,
    );
    state = heartbeat(state, { tabId: 'b1', ...ben, questionId: 7, typing: false }, 0, EXPIRY);
    state = heartbeat(
      state,
      { tabId: 'c1', userId: 3, name: 'Cleo', questionId: 7, typing: false },
      0,
      EXPIRY,
    );
    state = heartbeat(
      state,
      { tabId: 'd1', userId: 4, name: 'Dev', questionId: 9, typing: true },
      0,
      EXPIRY,
    );
    const items = presenceItems(state);
    expect(presenceSentences(colleaguesOn(items, 7, ben.userId))).toEqual([
      'Ana is writing a reply',
      'Cleo is viewing',
    ]);
    expect(presenceSentences(colleaguesOn(items, 7, 99))).toEqual([
      'Ana is writing a reply',
      'Ben and Cleo are viewing',
    ]);
    expect(presenceSentences(colleaguesOn(items, 9, 4))).toEqual([]);
    expect(sendAnywayQuestion(colleaguesOn(items, 7, ben.userId).writing)).toBe(
      'Ana is writing a reply. Send anyway?',
    );
    expect(sendAnywayQuestion(colleaguesOn(items, 7, ana.userId).writing)).toBeNull();
  });

  it('keeps at most a set number of tabs per person, dropping the one heard from longest ago', () => {
    let state = emptyPresence;
    for (let i = 0; i <= MAX_TABS_PER_PERSON; i++) {
      state = heartbeat(
        state,
        { tabId: `ana-${i}`, ...ana, questionId: i + 1, typing: false },
        i,
        EXPIRY,
      );
    }
    state = heartbeat(state, { tabId: 'ben-1', ...ben, questionId: 1, typing: false }, 0, EXPIRY);
    expect(state.size).toBe(MAX_TABS_PER_PERSON + 1);
    expect(state.has('ana-0')).toBe(false);
    expect(state.has(`ana-${MAX_TABS_PER_PERSON}`)).toBe(true);
    expect(state.has('ben-1')).toBe(true);
  });

  it('compares lists by what they say', () => {
    const item = { questionId: 7, userId: 1, name: 'Ana', typing: false };
    const one = [item];
    expect(samePresence(one, [{ ...item }])).toBe(true);
    expect(samePresence(one, [{ ...item, typing: true }])).toBe(false);
    expect(samePresence(one, [])).toBe(false);
  });
});
