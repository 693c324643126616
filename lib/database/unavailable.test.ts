import { describe, expect, it } from 'vitest';
import { databaseTrouble, isDatabaseAway } from './unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('whether an error means the database is away for now', () => {
  it.each([
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['ECONNRESET', 'read ECONNRESET'],
    ['ETIMEDOUT', 'connect ETIMEDOUT'],
    ['EPIPE', 'write EPIPE'],
    ['ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
  ])('%s is the database unreachable', (code, message) => {
    expect(databaseTrouble(withCode(code, message))).toBe('unreachable');
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ])('node-postgres saying "%s" without a code is the database unreachable', (message) => {
    expect(databaseTrouble(new Error(message))).toBe('unreachable');
  });

  it('reads the attempts of an AggregateError (one per address tried) and a cause', () => {
    const refused = new AggregateError(
      [withCode('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')],
      '',
    );
    expect(databaseTrouble(refused)).toBe('unreachable');
    const wrapped = new Error('Failed query: insert …', {
      cause: withCode('57P01', 'terminating connection due to administrator command'),
    });
    expect(databaseTrouble(wrapped)).toBe('unreachable');
  });

  it.each(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', '53300'])(
    '%s is the database busy',
    (code) => {
      expect(databaseTrouble(withCode(code))).toBe('busy');
    },
  );

  it.each([
    ['a broken unique constraint', withCode('23505', 'duplicate key value')],
    ['a missing table', withCode('42P01', 'relation "questions" does not exist')],
    ['SQLite refusing a constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that only mentions a connection', new Error('The connection form is incomplete')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
    ['null', null],
  ])('%s is not', (_what, error) => {
    expect(databaseTrouble(error)).toBeNull();
    expect(isDatabaseAway(error)).toBe(false);
  });

  it('stops at a cause that refers back to itself', () => {
    const looped = new Error('outer') as Error & { cause?: unknown };
    looped.cause = looped;
    expect(databaseTrouble(looped)).toBeNull();
  });
});
