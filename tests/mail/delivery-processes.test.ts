import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createQuestion, getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { resetEnvForTests } from '@/lib/env';
import { startMail, stopMail } from '@/server/mail/service';
import { mailOutFromEnv } from '@/server/mail/settings';
import { startDovecot } from '../support/dovecot';
import { emailConversation, staffMember } from '../support/email-conversation';
import { holdWrites, lockWaitOf } from '../support/outside-connection';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

type Row = Record<string, number | string | null>;
const saved = { ...process.env };
/** Short, so the emails a killed worker held go to the next one soon. */
const LEASE_MS = '1500';

/**
 * `npm run worker` processes emailing replies through a real SMTP server, killed with SIGKILL
 * at the worst moments: the customer must get every reply, and each under one Message-ID. The
 * worker that takes over after a kill is the email delivery a new process starts (startMail, as
 * scripts/worker.ts calls it), run in the test's process: what it finds is what the killed one
 * left in the database and at the mail server.
 */
describe('email delivery worker processes', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let sink: SmtpSink;
  const workers: Spawned[] = [];
  let mailEnv: Record<string, string>;

  const all = async (sql: string) => (await sqlRows(sql)) as Row[];
  const scalar = async (sql: string) => (await sqlValue(sql)) as number;

  beforeEach(async () => {
    sink = await startSmtpSink();
    temp = await useTempDatabase();
    mailEnv = {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Juniper Bakery <hello@juniper.example>',
      PUBLIC_BASE_URL: 'https://desk.juniper.example',
    };
    Object.assign(process.env, mailEnv);
    resetEnvForTests();
    await getDb();
    await sqlRun("update questions set status = 'discarded'");
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    await stopMail({ graceMs: 500 });
    await sink.close();
    await temp.cleanup();
    process.env = { ...saved };
    resetEnvForTests();
  });

  /** Three replies sent by staff, each queued to go out by email. */
  async function sendThree(): Promise<void> {
    const sam = await staffMember();
    for (const n of [1, 2, 3]) {
      const id =
        n === 2
          ? (
              await createQuestion({
                text: 'Rye?',
                customerName: 'Dev',
                customerEmail: 'dev@customer.example',
                channel: 'web',
              })
            ).question.id
          : await emailConversation({
              from: `cleo${n}@customer.example`,
              subject: `Order ${n}`,
              messageId: `c${n}@customer.example`,
              text: `Order ${n}, please.`,
            });
      const version = (await getQuestion({ id }))?.version ?? 0;
      const sent = await sendReply({
        questionId: id,
        text: `Reply ${n}`,
        version,
        userId: sam,
        now: new Date(),
        mail: mailOutFromEnv(),
      });
      if (!sent.ok || !sent.emailedTo) throw new Error('not queued');
    }
    expect(await scalar("select count(*) from email_outbox where status = 'queued'")).toBe(3);
  }

  const worker = (settings: Record<string, string> = {}) => {
    const spawned = spawnWorker({
      DATABASE_PATH: temp.path,
      DRAFT_MODEL: 'offline',
      MAIL_LEASE_MS: LEASE_MS,
      ...mailEnv,
      ...settings,
    });
    workers.push(spawned);
    return spawned;
  };

  /** The worker started after a kill, with the same settings. */
  const nextWorker = async () => {
    process.env.MAIL_LEASE_MS = LEASE_MS;
    resetEnvForTests();
    await startMail({ readMailbox: false });
  };

  /** What the customers' mail servers hold: Message-ID → copies received. */
  const copies = () => {
    const byId = new Map<string, number>();
    for (const email of sink.received) {
      const id = email.email.header('message-id') ?? '';
      byId.set(id, (byId.get(id) ?? 0) + 1);
    }
    return byId;
  };

  const everyReplyArrivedOnce = async () => {
    const stored = await all('select email_message_id as id, status from email_outbox order by id');
    expect(stored.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    // One distinct Message-ID per reply: whatever copies a crash caused, each customer's mail
    // program shows one email, and none is missing.
    expect([...copies().keys()].sort()).toEqual(stored.map((row) => `<${row.id}>`).sort());
  };

  it('killed after the server accepted an email but before marking it sent: sent again under the same Message-ID, none lost', async () => {
    await sendThree();
    // The test holds the database's write lock from just before the server accepts the first
    // email, so the worker cannot record the acceptance before it is killed. The emails the
    // worker has in hand beside it are held until it is gone, then refused: one email sits in
    // the window.
    let lock: Promise<{ release: (killed?: string) => Promise<void> }> | undefined;
    let firstGone = false;
    let first: Spawned | undefined;
    sink.beforeAccept = async () => {
      if (!lock) {
        lock = holdWrites(temp, 'email_outbox');
        await lock;
        return undefined;
      }
      if (firstGone || !first) return undefined;
      await first.exited;
      return { code: 451, message: 'connection lost' };
    };
    first = worker(lockWaitOf('first-worker'));
    await waitUntil('the server has accepted the first email', () => sink.received.length === 1);
    const acceptedId = sink.received[0]?.email.header('message-id') ?? '';
    const replyId = (await sqlValue(
      'select reply_id from email_outbox where email_message_id = ?',
      acceptedId.replace(/^<|>$/g, ''),
    )) as number;
    // The worker has read the acceptance once it fails to record it, on the database held.
    await waitUntil(
      'the worker has the acceptance',
      () =>
        (first?.output() ?? '').includes(
          `reply ${replyId}: ${onPostgres() ? 'error: canceling statement due to lock timeout' : 'SqliteError: database is locked'}`,
        ),
      // Each of its blocked writes waits out the busy timeout, one after another.
      45_000,
    );
    killGroup(first, 'SIGKILL');
    expect(await first.exited).toBeNull();
    await (await lock)?.release('first-worker');

    // Accepted, but never marked: the window the design leaves.
    const inWindow = await all(
      `select status, attempts from email_outbox where reply_id = ${replyId}`,
    );
    expect(inWindow).toEqual([{ status: 'sending', attempts: 1 }]);
    expect(sink.received).toHaveLength(1);
    const triesBefore = (await all('select attempts from email_outbox order by id')).map((r) =>
      Number(r.attempts),
    );

    firstGone = true;
    await nextWorker();
    await waitUntil(
      'every email is sent',
      async () => (await scalar("select count(*) from email_outbox where status = 'sent'")) === 3,
      30_000,
    );
    await everyReplyArrivedOnce();
    // The one caught in the window went twice, under its one Message-ID; the others once.
    expect([...copies().values()].sort()).toEqual([1, 1, 2]);
    expect(copies().get(acceptedId)).toBe(2);
    // Each email was tried once more by the second worker, whatever the first had in hand.
    expect(await all('select attempts, ticket_token from email_outbox order by id')).toEqual(
      triesBefore.map((attempts) => ({ attempts: attempts + 1, ticket_token: null })),
    );
  }, 120_000);

  it('killed while the server was still taking an email: nothing was accepted, and it goes once', async () => {
    await sendThree();
    let first: Spawned | undefined;
    let killed = false;
    let firstGone = false;
    // Every email the first worker hands over is still being taken when it dies: the first one
    // kills it, the ones beside it wait for that, and all are refused on a dead connection.
    sink.beforeAccept = async () => {
      if (firstGone) return undefined;
      if (!killed && first) {
        killed = true;
        killGroup(first, 'SIGKILL');
      }
      await first?.exited;
      return { code: 451, message: 'connection lost' };
    };
    first = worker();
    await waitUntil(
      'the first worker died mid-send',
      () => killed && first?.child.exitCode !== undefined,
    );
    await first.exited;
    expect(sink.received).toHaveLength(0);

    firstGone = true;
    await nextWorker();
    await waitUntil(
      'every email is sent',
      async () => (await scalar("select count(*) from email_outbox where status = 'sent'")) === 3,
      30_000,
    );
    await everyReplyArrivedOnce();
    expect([...copies().values()]).toEqual([1, 1, 1]);
  }, 60_000);

  it('SIGTERM hands back what the worker holds and exits cleanly', async () => {
    await sendThree();
    // Reading a mailbox too, as a worker usually does: its connection is closed on the way out.
    const mailbox = await startDovecot();
    try {
      const spawned = worker({ IMAP_URL: mailbox.url, IMAP_POLL_MS: '300' });
      await waitUntil(
        'every email is sent',
        async () => (await scalar("select count(*) from email_outbox where status = 'sent'")) === 3,
        30_000,
      );
      await waitUntil(
        'the mailbox is read',
        async () =>
          (await scalar(
            "select count(*) from mail_channels where name = 'imap' and last_ok_at is not null",
          )) === 1,
        30_000,
      );
      killGroup(spawned, 'SIGTERM');
      expect(await spawned.exited).toBe(0);
      expect(spawned.output()).toContain('email delivery');
      await everyReplyArrivedOnce();
    } finally {
      mailbox.stop();
    }
  }, 60_000);
});
