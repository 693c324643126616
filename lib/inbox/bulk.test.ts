import { describe, expect, it } from 'vitest';
import {
  bulkAssignInput,
  bulkDiscardInput,
  changedRowsMessage,
  clickRow,
  emptySelection,
  encodeRows,
  keepShown,
  refusedRows,
  type Selection,
  toggleAll,
} from './bulk';

const order = [50, 41, 33, 20, 12];
const ids = (selection: Selection) => [...selection.ids].sort((a, b) => b - a);
const click = (selection: Selection, id: number, shift = false) =>
  clickRow(selection, { id, shift, order });

describe('selecting inbox rows', () => {
  it('flips one row per plain click, each becoming the anchor', () => {
    const one = click(emptySelection, 41);
    expect(ids(one)).toEqual([41]);
    expect(one.anchor).toBe(41);
    const two = click(one, 20);
    expect(ids(two)).toEqual([41, 20]);
    expect(ids(click(two, 41))).toEqual([20]);
  });

  it('selects the range from the anchor on shift-click, either way up the list', () => {
    expect(ids(click(click(emptySelection, 41), 12, true))).toEqual([41, 33, 20, 12]);
    expect(ids(click(click(emptySelection, 20), 50, true))).toEqual([50, 41, 33, 20]);
  });

  it('clears a range when the shift-clicked row was selected', () => {
    const all = toggleAll(emptySelection, order);
    const anchored = click(click(all, 50), 50);
    expect(ids(click(anchored, 20, true))).toEqual([12]);
  });

  it('treats shift without an anchor on the page as a plain click', () => {
    expect(ids(click(emptySelection, 33, true))).toEqual([33]);
    expect(ids(clickRow({ ids: new Set(), anchor: 999 }, { id: 33, shift: true, order }))).toEqual([
      33,
    ]);
  });

  it('selects all on the page, and none when all were', () => {
    const all = toggleAll(click(emptySelection, 33), order);
    expect(ids(all)).toEqual(order);
    expect(ids(toggleAll(all, order))).toEqual([]);
    expect(ids(toggleAll(emptySelection, []))).toEqual([]);
  });

  it('drops rows a refresh took off the page', () => {
    const kept = keepShown(click(click(emptySelection, 50), 12), [41, 12]);
    expect(ids(kept)).toEqual([12]);
    expect(kept.anchor).toBe(12);
    const same = click(emptySelection, 12);
    expect(keepShown(same, order)).toBe(same);
  });
});

describe('refusing rows that changed since they were shown', () => {
  const shown = [
    { id: 1, version: 3 },
    { id: 2, version: 5 },
    { id: 3, version: 1 },
  ];
  it('accepts rows at the versions shown', () => {
    const now = shown.map((row) => ({ ...row, status: 'drafted' as const }));
    expect(refusedRows(shown, now, { open: true })).toEqual([]);
  });

  it('refuses moved versions, vanished rows and, for open-only actions, closed ones', () => {
    const now = [
      { id: 1, version: 4, status: 'drafted' as const },
      { id: 2, version: 5, status: 'sent' as const },
    ];
    expect(refusedRows(shown, now, { open: true })).toEqual([1, 2, 3]);
    expect(refusedRows(shown, now, { open: false })).toEqual([1, 3]);
  });

  it('names the rows in its message', () => {
    expect(changedRowsMessage([7])).toContain('question #7 changed');
    expect(changedRowsMessage([7, 9])).toContain('2 questions (#7, #9)');
  });
});

describe('the bulk form', () => {
  it('reads id:version pairs and a reason', () => {
    const rows = [
      { id: 4, version: 2 },
      { id: 9, version: 1 },
    ];
    expect(bulkDiscardInput.parse({ rows: encodeRows(rows), reason: ' Examples ' })).toEqual({
      rows,
      reason: 'Examples',
    });
  });

  it('refuses nothing selected, bad pairs, repeats and a missing reason', () => {
    const bad = (fields: Record<string, string>) => bulkDiscardInput.safeParse(fields).success;
    expect(bad({ rows: '', reason: 'Examples' })).toBe(false);
    expect(bad({ rows: '4:x', reason: 'Examples' })).toBe(false);
    expect(bad({ rows: '4:1,4:1', reason: 'Examples' })).toBe(false);
    expect(bad({ rows: '4:1', reason: '' })).toBe(false);
    expect(bad({ rows: '0:1', reason: 'Examples' })).toBe(false);
  });

  it('reads an assignee: a person, or nobody', () => {
    expect(bulkAssignInput.parse({ rows: '4:2', assignee: '7' }).assignee).toBe(7);
    expect(bulkAssignInput.parse({ rows: '4:2', assignee: 'none' }).assignee).toBeNull();
    expect(bulkAssignInput.safeParse({ rows: '4:2', assignee: '' }).success).toBe(false);
    expect(bulkAssignInput.safeParse({ rows: '4:2', assignee: 'me' }).success).toBe(false);
  });
});
