import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuestion } from '@/db/questions';
import { resetEnvForTests } from '@/lib/env';
import { type InboundMail, startInboundMail } from '@/server/mail/inbound';
import { type Dovecot, freePort, startDovecot } from '../support/dovecot';
import { type ImapProxy, startImapProxy } from '../support/imap-proxy';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const plain = readFileSync(join(import.meta.dirname, '../fixtures/mail/plain.eml'));
const count = async (sql: string) => (await sqlValue(sql)) as number;

describe('the mail worker killed between storing an email and marking it seen', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let dovecot: Dovecot | undefined;
  let proxy: ImapProxy | undefined;
  let inbound: InboundMail | undefined;
  const workers: Spawned[] = [];
  const saved = { ...process.env };

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
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
    await proxy?.stop();
    dovecot?.stop();
    await temp.cleanup();
  });

  it('loses nothing and doubles nothing: the next worker finds it stored and only marks it seen', async () => {
    dovecot = await startDovecot();
    // The first worker reaches Dovecot through a relay that keeps back its "mark seen".
    proxy = await startImapProxy({ port: await freePort(), target: dovecot.port });
    await dovecot.append(plain);
    const env = {
      DATABASE_PATH: temp.path,
      DRAFT_MODEL: 'offline',
      IMAP_POLL_MS: '500',
      IMAP_URL: dovecot.url.replace(`:${dovecot.port}/`, `:${proxy.port}/`),
    };
    const first = spawnWorker(env);
    workers.push(first);
    const command = await proxy.held;
    expect(command).toMatch(/STORE .*\\Seen/i);
    // The email's conversation is committed; the server has not been told.
    expect(
      await count("select count(*) from inbound_emails where key = 'plain-1@example.com'"),
    ).toBe(1);
    expect(await count("select count(*) from messages where channel = 'email'")).toBe(1);
    killGroup(first, 'SIGKILL');
    expect(await first.exited).toBeNull();
    expect((await dovecot.list()).map((message) => message.seen)).toEqual([false]);

    // The next start's mailbox watcher, run in this process: it finds what the killed one left.
    const logged: string[] = [];
    Object.assign(process.env, { IMAP_POLL_MS: '500', IMAP_URL: dovecot.url });
    resetEnvForTests();
    inbound = startInboundMail({ log: (line) => logged.push(line) });
    // A good pass is recorded once every email of the pass is taken and marked seen.
    await waitUntil(
      'the next worker recorded a good pass',
      async () =>
        (await count(
          "select count(*) from mail_channels where name = 'imap' and last_ok_at is not null",
        )) === 1,
      30_000,
    );
    expect((await dovecot.list()).map((message) => message.seen)).toEqual([true]);
    expect(await count('select count(*) from inbound_emails')).toBe(1);
    expect(await count("select count(*) from messages where channel = 'email'")).toBe(1);
    expect(await count("select count(*) from questions where channel = 'email'")).toBe(1);
    // It found the email stored: read again, but no new conversation is told of.
    expect(logged.join('\n')).toContain('<plain-1@example.com>): reading');
    expect(logged.join('\n')).not.toMatch(/<plain-1@example\.com>\): question/);
  }, 90_000);

  it('a worker whose mail server is down keeps drafting, and says why mail is not read', async () => {
    await createQuestion({
      text: 'Are you open on Saturday?',
      customerName: 'Web Customer',
      customerEmail: null,
      channel: 'api',
      externalId: 'web-1',
    });
    const worker = spawnWorker({
      DATABASE_PATH: temp.path,
      DRAFT_MODEL: 'offline',
      IMAP_POLL_MS: '300',
      IMAP_URL: `imap://desk:secret-word@127.0.0.1:${await freePort()}/INBOX`,
    });
    workers.push(worker);
    await waitUntil(
      'the question is drafted',
      async () =>
        (await count(
          "select count(*) from questions where external_id = 'web-1' and status = 'drafted'",
        )) === 1,
    );
    await waitUntil(
      'the mail server is recorded as failing',
      async () =>
        (await count(
          "select count(*) from mail_channels where name = 'imap' and last_error like '%ECONNREFUSED%'",
        )) === 1,
    );
    expect(worker.child.exitCode).toBeNull();
    expect(worker.output()).not.toContain('secret-word');
    killGroup(worker, 'SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 60_000);
});
