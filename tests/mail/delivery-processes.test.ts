import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createQuestion, getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { resetEnvForTests } from '@/lib/env';
import { mailOutFromEnv } from '@/server/mail/settings';
import { emailConversation, staffMember } from '../support/email-conversation';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { useTempDatabase } from '../support/temp-db';

type Row = Record<string, number | string | null>;
const saved = { ...process.env };

/**
 * `npm run worker` processes emailing replies through a real SMTP server, killed with SIGKILL
 * at the worst moments: the customer must get every reply, and each under one Message-ID.
 */
describe('email delivery worker processes', () => {
  let temp: ReturnType<typeof useTempDatabase>;
  let sink: SmtpSink;
  const workers: Spawned[] = [];
  let mailEnv: Record<string, string>;

  const all = (sql: string) => getDb().$client.prepare(sql).all() as Row[];
  const scalar = (sql: string) => getDb().$client.prepare(sql).pluck().get() as number;

  beforeEach(async () => {
    sink = await startSmtpSink();
    temp = useTempDatabase();
    mailEnv = {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Juniper Bakery <hello@juniper.example>',
      PUBLIC_BASE_URL: 'https://desk.juniper.example',
    };
    Object.assign(process.env, mailEnv);
    resetEnvForTests();
    getDb().$client.prepare("update questions set status = 'discarded'").run();
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    await sink.close();
    temp.cleanup();
    process.env = { ...saved };
    resetEnvForTests();
  });

  /** Three replies sent by staff, each queued to go out by email. */
  function sendThree(): void {
    const sam = staffMember();
    for (const n of [1, 2, 3]) {
      const id =
        n === 2
          ? createQuestion({
              text: 'Rye?',
              customerName: 'Dev',
              customerEmail: 'dev@customer.example',
              channel: 'web',
            }).question.id
          : emailConversation({
              from: `cleo${n}@customer.example`,
              subject: `Order ${n}`,
              messageId: `c${n}@customer.example`,
              text: `Order ${n}, please.`,
            });
      const version = getQuestion({ id })?.version ?? 0;
      const sent = sendReply({
        questionId: id,
        text: `Reply ${n}`,
        version,
        userId: sam,
        now: new Date(),
        mail: mailOutFromEnv(),
      });
      if (!sent.ok || !sent.emailedTo) throw new Error('not queued');
    }
    expect(scalar("select count(*) from email_outbox where status = 'queued'")).toBe(3);
  }

  const worker = () => {
    const spawned = spawnWorker({
      DATABASE_PATH: temp.path,
      DRAFT_MODEL: 'offline',
      MAIL_LEASE_MS: '1500',
      ...mailEnv,
    });
    workers.push(spawned);
    return spawned;
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

  const everyReplyArrivedOnce = () => {
    const stored = all('select email_message_id as id, status from email_outbox order by id');
    expect(stored.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    // One distinct Message-ID per reply: whatever copies a crash caused, each customer's mail
    // program shows one email, and none is missing.
    expect([...copies().keys()].sort()).toEqual(stored.map((row) => `<${row.id}>`).sort());
  };

  it('killed after the server accepted an email but before marking it sent: sent again under the same Message-ID, none lost', async () => {
    sendThree();
    // The test holds the database's write lock from just before the server accepts the first
    // email, so the worker cannot record the acceptance before it is killed.
    let lock: Database.Database | undefined;
    sink.beforeAccept = () => {
      if (lock || sink.received.length > 0) return undefined;
      lock = new Database(temp.path);
      lock.pragma('busy_timeout = 5000');
      lock.exec('BEGIN IMMEDIATE');
      return undefined;
    };
    const first = worker();
    await waitUntil('the server has accepted the first email', () => sink.received.length === 1);
    const accepted = sink.received[0];
    // The worker closes its connection only once it has read the server's acceptance.
    await waitUntil('the worker has the acceptance', () =>
      sink.sessionClosed(accepted?.sessionId ?? ''),
    );
    killGroup(first, 'SIGKILL');
    expect(await first.exited).toBeNull();
    lock?.exec('ROLLBACK');
    lock?.close();

    // Accepted, but never marked: the window the design leaves.
    expect(all('select status, attempts from email_outbox order by id')[0]).toEqual({
      status: 'sending',
      attempts: 1,
    });
    expect(sink.received).toHaveLength(1);

    worker();
    await waitUntil(
      'every email is sent',
      () => scalar("select count(*) from email_outbox where status = 'sent'") === 3,
      30_000,
    );
    everyReplyArrivedOnce();
    // The one caught in the window went twice, under its one Message-ID; the others once.
    expect([...copies().values()].sort()).toEqual([1, 1, 2]);
    expect(all('select attempts, ticket_token from email_outbox order by id')).toEqual([
      { attempts: 2, ticket_token: null },
      { attempts: 1, ticket_token: null },
      { attempts: 1, ticket_token: null },
    ]);
  }, 60_000);

  it('killed while the server was still taking an email: nothing was accepted, and it goes once', async () => {
    sendThree();
    let first: Spawned | undefined;
    let killed = false;
    sink.beforeAccept = async () => {
      if (killed) return undefined;
      killed = true;
      if (first) {
        killGroup(first, 'SIGKILL');
        await first.exited;
      }
      return { code: 451, message: 'connection lost' };
    };
    first = worker();
    await waitUntil(
      'the first worker died mid-send',
      () => killed && first?.child.exitCode !== undefined,
    );
    await first.exited;
    expect(sink.received).toHaveLength(0);

    worker();
    await waitUntil(
      'every email is sent',
      () => scalar("select count(*) from email_outbox where status = 'sent'") === 3,
      30_000,
    );
    everyReplyArrivedOnce();
    expect([...copies().values()]).toEqual([1, 1, 1]);
  }, 60_000);

  it('SIGTERM hands back what the worker holds and exits cleanly', async () => {
    sendThree();
    const spawned = worker();
    await waitUntil(
      'every email is sent',
      () => scalar("select count(*) from email_outbox where status = 'sent'") === 3,
      30_000,
    );
    killGroup(spawned, 'SIGTERM');
    expect(await spawned.exited).toBe(0);
    expect(spawned.output()).toContain('email delivery');
    everyReplyArrivedOnce();
  }, 60_000);
});
