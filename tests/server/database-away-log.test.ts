import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseAnswered, databaseAway } from '@/server/database-away';

/*
 * While the database is away every request meets it: the operator's log says so once when it
 * goes (again every 10 s while it stays away), and once when it answers again, not per request.
 */

const lines = vi.hoisted(
  () => [] as { level: string; msg: string; fields: Record<string, unknown> }[],
);

vi.mock('@/server/log', () => ({
  logger: (area: string) => {
    const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
      lines.push({ level, msg, fields: { ...fields, area } });
    return { warn: at('warn'), info: at('info'), error: at('error') };
  },
}));

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});

afterEach(() => {
  vi.useRealTimers();
  lines.length = 0;
});

describe('what the log says while the database is away', () => {
  it('one line when it goes, one more each 10 s it stays away, one when it answers again', () => {
    vi.useFakeTimers({ now: new Date('2026-12-02T10:00:00Z') });
    for (let i = 0; i < 20; i++)
      expect(databaseAway(refused, 'POST /api/questions')).toBe('unreachable');
    expect(lines.map((line) => line.level)).toEqual(['warn']);
    expect(lines[0]).toMatchObject({
      msg: 'the database is unreachable: answering 503 until it answers again',
      fields: {
        area: 'database',
        trouble: 'unreachable',
        where: 'POST /api/questions',
        awayForMs: 0,
      },
    });
    vi.advanceTimersByTime(10_000);
    databaseAway(refused, 'page /inbox');
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn']);
    expect(lines[1]?.fields).toMatchObject({ awayForMs: 10_000, where: 'page /inbox' });
    vi.advanceTimersByTime(2_500);
    databaseAnswered();
    databaseAnswered();
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn', 'info']);
    expect(lines[2]).toMatchObject({
      msg: 'the database answers again',
      fields: { awayForMs: 12_500 },
    });
  });

  it('says nothing of errors that are not the database away, nor of a database that never went', () => {
    expect(databaseAway(new TypeError('a bug'), 'POST /api/questions')).toBeNull();
    databaseAnswered();
    expect(lines).toEqual([]);
  });
});
