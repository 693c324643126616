import { describe, expect, it } from 'vitest';
import { auditSearch, cursorParam, NOBODY, parseAuditFilter } from './filter';
import { actionsOfKind } from './sentences';

const zone = 'America/Chicago';

describe('parseAuditFilter', () => {
  it('reads an empty query as everything, newest first', () => {
    expect(parseAuditFilter({}, zone)).toEqual({
      ok: true,
      values: { person: '', kind: '', from: '', to: '' },
      query: {},
    });
  });

  it('reads a person, a kind and the bakery’s days as instants in its time zone', () => {
    const result = parseAuditFilter(
      { person: '7', kind: 'menu', from: '2026-12-01', to: '2026-12-02' },
      zone,
    );
    expect(result).toEqual({
      ok: true,
      values: { person: '7', kind: 'menu', from: '2026-12-01', to: '2026-12-02' },
      query: {
        userId: 7,
        actions: actionsOfKind('menu'),
        // Midnight in Chicago (UTC-6) on the first day, and on the day after the last.
        since: new Date('2026-12-01T06:00:00Z'),
        until: new Date('2026-12-03T06:00:00Z'),
      },
    });
  });

  it('reads “nobody signed in” as entries without a person', () => {
    const result = parseAuditFilter({ person: NOBODY }, zone);
    expect(result.ok && result.query).toEqual({ userId: null });
  });

  it('reads a page link in either direction', () => {
    const at = new Date('2026-12-02T15:00:00Z');
    const older = parseAuditFilter({ older: cursorParam({ at, id: 41 }) }, zone);
    expect(older.ok && older.query.page).toEqual({ older: { at, id: 41 } });
    const newer = parseAuditFilter({ newer: cursorParam({ at, id: 41 }) }, zone);
    expect(newer.ok && newer.query.page).toEqual({ newer: { at, id: 41 } });
  });

  it('takes the first of a repeated field', () => {
    const result = parseAuditFilter({ kind: ['hours', 'menu'] }, zone);
    expect(result.ok && result.query.actions).toEqual(actionsOfKind('hours'));
  });

  it.each([
    [{ person: 'ana' }, { person: 'Choose someone from the list.' }],
    [{ person: '-3' }, { person: 'Choose someone from the list.' }],
    [{ kind: 'menu.update' }, { kind: 'Choose a kind from the list.' }],
    [{ from: '2026-02-30' }, { from: 'Choose a day, as YYYY-MM-DD.' }],
    [{ to: 'yesterday' }, { to: 'Choose a day, as YYYY-MM-DD.' }],
    [
      { from: '2026-12-05', to: '2026-12-01' },
      { to: 'The last day must not be before the first.' },
    ],
    [
      { older: '12;drop table' },
      { page: 'That page link is broken: start again from the newest entries.' },
    ],
  ])('refuses %o with a message beside its field', (search, errors) => {
    const result = parseAuditFilter(search, zone);
    expect(result).toMatchObject({ ok: false, errors });
    // What was typed is shown back as it was.
    expect(result.values).toMatchObject(
      Object.fromEntries(Object.entries(search).filter(([field]) => field !== 'older')),
    );
  });
});

describe('auditSearch', () => {
  it('keeps the filter and names the page', () => {
    const values = { person: '7', kind: 'menu', from: '', to: '2026-12-02' };
    expect(auditSearch(values)).toBe('?person=7&kind=menu&to=2026-12-02');
    expect(auditSearch(values, { older: '5_3' })).toBe(
      '?person=7&kind=menu&to=2026-12-02&older=5_3',
    );
    expect(auditSearch({ person: '', kind: '', from: '', to: '' }, { newer: '5_3' })).toBe(
      '?newer=5_3',
    );
    expect(auditSearch({ person: '', kind: '', from: '', to: '' })).toBe('');
  });
});
