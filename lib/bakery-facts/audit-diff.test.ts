import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-diff';

describe('auditChanges', () => {
  it('lists only the fields that changed', () => {
    expect(
      auditChanges(
        JSON.stringify({ name: 'rye loaf', priceCents: 900, description: null }),
        JSON.stringify({ name: 'rye loaf', priceCents: 950, description: 'Dark' }),
      ),
    ).toEqual([
      { field: 'priceCents', before: '900', after: '950' },
      { field: 'description', before: '—', after: 'Dark' },
    ]);
  });

  it('shows an addition and a removal whole', () => {
    expect(auditChanges(null, JSON.stringify({ name: 'croissants' }))).toEqual([
      { field: 'name', before: null, after: 'croissants' },
    ]);
    expect(auditChanges(JSON.stringify({ date: '2026-12-05', closed: true }), null)).toEqual([
      { field: 'date', before: '2026-12-05', after: null },
      { field: 'closed', before: 'true', after: null },
    ]);
  });

  it('labels list entries by their first field', () => {
    const week = (closes: string | null) =>
      JSON.stringify([
        { weekday: 5, opens: '07:00', closes: '15:00' },
        { weekday: 6, opens: closes ? '08:00' : null, closes },
      ]);
    expect(auditChanges(week('13:00'), week(null))).toEqual([
      { field: 'weekday 6 opens', before: '08:00', after: '—' },
      { field: 'weekday 6 closes', before: '13:00', after: '—' },
    ]);
  });

  it('shows text that is not JSON as it is', () => {
    expect(auditChanges('oops', null)).toEqual([{ field: 'value', before: 'oops', after: null }]);
  });
});
