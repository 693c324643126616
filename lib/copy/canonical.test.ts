import { describe, expect, it } from 'vitest';
import { canonical, TableChecksum } from './canonical';

describe("a row's canonical form", () => {
  it('is the same whatever order an object kept its keys in', () => {
    expect(canonical({ b: 1, a: [{ size: 2, name: 'x' }] })).toBe(
      canonical({ a: [{ name: 'x', size: 2 }], b: 1 }),
    );
  });

  it('tells kinds apart that text alone would not', () => {
    const forms = [1, '1', true, new Date(1), Buffer.from('1'), [1], { 1: 1 }, null].map(canonical);
    expect(new Set(forms).size).toBe(forms.length);
    expect(canonical(new Date(1_700_000_000_000))).toBe('{"$date":1700000000000}');
    expect(canonical(Buffer.from([0, 255]))).toBe('{"$bytes":"AP8="}');
    expect(canonical(new Uint8Array([0, 255]))).toBe(canonical(Buffer.from([0, 255])));
  });

  it('sums a table in order: the same rows in another order differ', () => {
    const sum = (rows: unknown[]) => {
      const checksum = new TableChecksum();
      for (const row of rows) checksum.add(row);
      return checksum.digest();
    };
    const rows = [
      { id: 1, text: 'a' },
      { id: 2, text: 'b' },
    ];
    expect(sum(rows)).toBe(sum(rows.map((row) => ({ text: row.text, id: row.id }))));
    expect(sum(rows)).not.toBe(sum([...rows].reverse()));
    expect(sum(rows)).not.toBe(
      sum([
        { id: 1, text: 'a' },
        { id: 2, text: 'c' },
      ]),
    );
  });
});
