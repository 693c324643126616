import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../support/dovecot';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { sqlRows, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * An email that ends the process reading it would end every start after it too, as long as it
 * stays unseen. Its attempts are counted before each starts, so the fourth start keeps it as
 * failed and marks it seen instead of reading it again.
 */

/** A 9.4 MB HTML table: seconds of reading, time enough to kill the worker in the middle. */
const slow = Buffer.from(
  `From: Ada <ada@example.com>\r\nSubject: Our order\r\nMessage-ID: <crash@example.com>\r\nContent-Type: text/html\r\n\r\n<table>${'<tr><td>a</td><td>b</td><td>c</td></tr>\r\n'.repeat(230_000)}</table>\r\n`,
);

describe('an email whose reading ends the process', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let dovecot: Dovecot | undefined;
  const workers: Spawned[] = [];

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlValue('select count(*) from questions');
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    dovecot?.stop();
    await temp.cleanup();
  });

  it('is kept as failed and marked seen at the fourth start, and the mail after it is taken', async () => {
    dovecot = await startDovecot();
    await dovecot.append(slow);
    const env = {
      DATABASE_PATH: temp.path,
      DRAFT_MODEL: 'offline',
      IMAP_POLL_MS: '300',
      IMAP_URL: dovecot.url,
    };
    for (let start = 1; start <= 3; start++) {
      const worker = spawnWorker(env);
      workers.push(worker);
      await waitUntil(
        `start ${start} is reading the email`,
        () => worker.output().includes('<crash@example.com>): reading'),
        60_000,
      );
      killGroup(worker, 'SIGKILL');
      await worker.exited;
      expect(await sqlValue('select attempts from inbound_email_attempts')).toBe(start);
      expect(await sqlValue('select count(*) from inbound_emails')).toBe(0);
    }
    const fourth = spawnWorker(env);
    workers.push(fourth);
    await waitUntil(
      'the fourth start keeps it as failed',
      async () => (await sqlValue('select count(*) from inbound_emails')) === 1,
      60_000,
    );
    await waitUntil('it is marked seen', async () => (await dovecot?.list())?.[0]?.seen === true);
    const [kept] = await sqlRows<Record<string, unknown>>(
      `select e.outcome, e.reason, e.size, q.status, q.last_error as "lastError"
         from inbound_emails e join questions q on q.id = e.question_id`,
    );
    expect(kept).toMatchObject({
      outcome: 'unreadable',
      reason: 'it could not be stored after 3 attempts',
      size: slow.length,
      status: 'failed',
    });
    expect(kept?.lastError).toContain('Ada <ada@example.com>');
    expect(fourth.output()).not.toContain('<crash@example.com>): reading');
    await waitUntil(
      'its count is cleared',
      async () => (await sqlValue('select count(*) from inbound_email_attempts')) === 0,
    );

    await dovecot.append(
      'From: Bo <bo@example.com>\r\nSubject: Rye\r\nMessage-ID: <after-crash@example.com>\r\n\r\nRye on Saturday?\r\n',
    );
    await waitUntil(
      'the next email is a conversation',
      async () =>
        (await sqlValue(
          "select count(*) from inbound_emails where key = 'after-crash@example.com' and outcome = 'question'",
        )) === 1,
      30_000,
    );
    killGroup(fourth, 'SIGTERM');
    expect(await fourth.exited).toBe(0);
  }, 240_000);
});
