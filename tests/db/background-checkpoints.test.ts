// @module-tag postgres: the background checkpoints start on SQLite and never on PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BackgroundCheckpoints, checkpointDeskInBackground } from '@/db/sqlite-checkpoints';
import { onPostgres, useTempDatabase } from '../support/temp-db';

const holder = globalThis as { __deskCheckpoints?: BackgroundCheckpoints };

let database: Awaited<ReturnType<typeof useTempDatabase>>;
beforeEach(async () => {
  database = await useTempDatabase();
});
afterEach(async () => {
  await holder.__deskCheckpoints?.stop();
  holder.__deskCheckpoints = undefined;
  await database.cleanup();
});

describe("the desk's background checkpoints", () => {
  it('run beside a SQLite desk only, once per process', async () => {
    const problems: string[] = [];
    await checkpointDeskInBackground((message) => problems.push(message));
    const first = holder.__deskCheckpoints;
    if (onPostgres()) {
      // PostgreSQL keeps its own write-ahead log: there is nothing for the desk to checkpoint.
      expect(first).toBeUndefined();
    } else {
      expect(first).toBeDefined();
      await checkpointDeskInBackground((message) => problems.push(message));
      expect(holder.__deskCheckpoints).toBe(first);
    }
    expect(problems).toEqual([]);
  });
});
