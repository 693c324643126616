import { describe, expect, it } from 'vitest';
import { draftSources } from './sources';
import { isStale, keysBehind, menuItemChangeKeys } from './staleness';

describe('which drafts are stale', () => {
  const run = { factsVersion: 4, factsRead: ['day:2026-12-05', 'item:rye loaf', 'entry:2'] };

  it('reads a day as its weekday and its date', () => {
    // 2026-12-05 is a Saturday.
    expect(keysBehind('day:2026-12-05')).toEqual(['date:2026-12-05', 'weekday:6']);
    expect(keysBehind('item:rye loaf')).toEqual(['item:rye loaf']);
  });

  it.each([
    ['the rye loaf', 'item:rye loaf', true],
    ['Saturday hours', 'weekday:6', true],
    ['an exception on that Saturday', 'date:2026-12-05', true],
    ['the entry it quoted', 'entry:2', true],
    ['everything', '*', true],
    ['the cinnamon buns', 'item:cinnamon buns', false],
    ['Tuesday hours', 'weekday:2', false],
    ['another entry', 'entry:3', false],
    ['the menu as a whole', 'menu', false],
  ])('a change to %s: stale %s', (_what, key, stale) => {
    expect(isStale({ run, factsVersion: 5, changes: [{ key, factsVersion: 5 }] })).toBe(stale);
  });

  it('ignores changes the run already read, and is never stale at the current version', () => {
    expect(
      isStale({ run, factsVersion: 5, changes: [{ key: 'item:rye loaf', factsVersion: 4 }] }),
    ).toBe(false);
    expect(isStale({ run, factsVersion: 4, changes: [{ key: '*', factsVersion: 9 }] })).toBe(false);
  });

  it('keeps older runs, with no record of what they read, stale after any change', () => {
    expect(
      isStale({ run: { factsVersion: 4, factsRead: null }, factsVersion: 5, changes: [] }),
    ).toBe(true);
    expect(isStale({ run: { factsVersion: 5 }, factsVersion: 5, changes: [] })).toBe(false);
  });

  it('touches an item under its old and new names, and the whole menu', () => {
    expect(menuItemChangeKeys(' Rye Loaf ', 'dark rye')).toEqual([
      'item:rye loaf',
      'item:dark rye',
      'menu',
    ]);
  });
});

describe("a draft's sources", () => {
  it('names each entry and item read with when it was edited, and what is gone or off', () => {
    const edited = new Date('2026-11-30T15:00:00Z');
    const sources = draftSources(
      ['day:2026-12-05', 'entry:1', 'entry:9', 'item:rye loaf', 'knowledge'],
      {
        entries: [{ id: 1, title: 'Delivery radius and fee', updatedAt: edited, enabled: false }],
        items: [{ name: 'Rye Loaf', nameKey: 'rye loaf', updatedAt: edited }],
      },
    );
    expect(sources).toEqual([
      {
        kind: 'entry',
        fact: 'entry:1',
        label: 'Delivery radius and fee',
        editedAt: edited,
        off: true,
      },
      {
        kind: 'entry',
        fact: 'entry:9',
        label: 'Knowledge entry 9 (removed)',
        editedAt: null,
        off: false,
      },
      {
        kind: 'item',
        fact: 'item:rye loaf',
        label: 'Rye Loaf (menu)',
        editedAt: edited,
        off: false,
      },
    ]);
    expect(draftSources(null, { entries: [], items: [] })).toEqual([]);
  });
});
