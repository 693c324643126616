import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/env';
import { type InboundMail, startInboundMail } from '@/server/mail/inbound';
import { type Dovecot, startDovecot } from '../support/dovecot';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * An email that ends the process reading it would end every start after it too, as long as it
 * stays unseen. Its attempts are counted before each starts, so the fourth start keeps it as
 * failed and marks it seen instead of reading it again.
 *
 * One real `npm run worker` is killed in the middle of reading it, which proves the attempt was
 * counted before the reading and outlives the process. The two starts after it would die the
 * same way, each counting one more: their count is written straight to the table (counting
 * attempt after attempt, pass after pass, is tested in hostile-mail.test.ts, "an email whose
 * storing keeps failing…"). The fourth start is the mailbox watcher a new process starts, run
 * here in the test's process.
 */

/** A 9.4 MB HTML table: seconds of reading, time enough to kill the worker in the middle. */
const slow = Buffer.from(
  `From: Ada <ada@example.com>\r\nSubject: Our order\r\nMessage-ID: <crash@example.com>\r\nContent-Type: text/html\r\n\r\n<table>${'<tr><td>a</td><td>b</td><td>c</td></tr>\r\n'.repeat(230_000)}</table>\r\n`,
);

describe('an email whose reading ends the process', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let dovecot: Dovecot | undefined;
  let inbound: InboundMail | undefined;
  const workers: Spawned[] = [];
  const saved = { ...process.env };

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlValue('select count(*) from questions');
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    await inbound?.stop();
    inbound = undefined;
    process.env = { ...saved };
    resetEnvForTests();
    dovecot?.stop();
    await temp.cleanup();
  });

  it('is kept as failed and marked seen at the fourth start, and the mail after it is taken', async () => {
    dovecot = await startDovecot();
    const settings = { IMAP_POLL_MS: '300', IMAP_URL: dovecot.url };
    const first = spawnWorker({ DATABASE_PATH: temp.path, DRAFT_MODEL: 'offline', ...settings });
    workers.push(first);
    // Delivered while the worker starts: its first pass, or the server's news of it, brings it.
    await dovecot.append(slow);
    await waitUntil(
      'the first start is reading the email',
      () => first.output().includes('<crash@example.com>): reading'),
      60_000,
    );
    killGroup(first, 'SIGKILL');
    expect(await first.exited).toBeNull();
    expect(await sqlValue('select attempts from inbound_email_attempts')).toBe(1);
    expect(await sqlValue('select count(*) from inbound_emails')).toBe(0);
    expect((await dovecot.list()).map((message) => message.seen)).toEqual([false]);

    // The second and third starts, dying on it as the first did, each count one more.
    await sqlRun('update inbound_email_attempts set attempts = 3');

    const logged: string[] = [];
    const said = (text: string) => logged.some((line) => line.includes(text));
    Object.assign(process.env, settings);
    resetEnvForTests();
    inbound = startInboundMail({ log: (line) => logged.push(line) });
    // Its line is written once it is kept, marked seen and its count cleared.
    await waitUntil(
      'the fourth start keeps it as failed',
      () => said('<crash@example.com>): unreadable'),
      60_000,
    );
    expect(await sqlValue('select count(*) from inbound_emails')).toBe(1);
    expect((await dovecot.list()).map((message) => message.seen)).toEqual([true]);
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
    expect(said('<crash@example.com>): reading')).toBe(false);
    expect(await sqlValue('select count(*) from inbound_email_attempts')).toBe(0);

    await dovecot.append(
      'From: Bo <bo@example.com>\r\nSubject: Rye\r\nMessage-ID: <after-crash@example.com>\r\n\r\nRye on Saturday?\r\n',
    );
    await waitUntil(
      'the next email is a conversation',
      () => said('<after-crash@example.com>): question'),
      30_000,
    );
    expect(
      await sqlValue(
        "select count(*) from inbound_emails where key = 'after-crash@example.com' and outcome = 'question'",
      ),
    ).toBe(1);
  }, 240_000);
});
