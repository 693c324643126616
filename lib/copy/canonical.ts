import { createHash, type Hash } from 'node:crypto';

/**
 * One row's values as text that is the same whichever engine they were read from: object keys
 * sorted (jsonb keeps its own key order), instants as milliseconds, bytes as base64, and every
 * kind marked so that `1`, `true`, `"1"` and an instant of 1 never read alike.
 */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return `{"$date":${JSON.stringify(value.getTime())}}`;
  if (value instanceof Uint8Array) {
    return `{"$bytes":"${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')}"}`;
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : `{"$number":"${String(value)}"}`;
    case 'bigint':
      return `{"$bigint":"${value.toString()}"}`;
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
    }
    default:
      throw new Error(`A value of type ${typeof value} has no canonical form.`);
  }
}

/** A table's checksum: SHA-256 over its rows' canonical forms, one per line, in key order. */
export class TableChecksum {
  private readonly hash: Hash = createHash('sha256');
  rows = 0;

  add(row: unknown): void {
    this.hash.update(canonical(row));
    this.hash.update('\n');
    this.rows++;
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
