import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/env';
import type { DeliveryWorker } from '@/server/mail/delivery-worker';
import { type Postgres, startPostgres } from '../support/postgres';
import { waitUntil } from '../support/processes';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';

// The desk's modules pick their schema by engine as they load: loaded once DATABASE_URL is set.
const desk = async () => ({
  ...(await import('@/db/client')),
  ...(await import('@/db/questions')),
  ...(await import('@/db/replies')),
  ...(await import('@/server/mail/delivery-worker')),
  ...(await import('@/server/mail/settings')),
  ...(await import('../support/email-conversation')),
  ...(await import('../support/sql')),
});

/**
 * The email delivery worker on a throwaway PostgreSQL that stops the moment the mail server
 * accepts a reply, before the worker can mark it sent, and starts again two seconds later: the
 * worker waits for the database and records the acceptance rather than handing the email back,
 * so the customer gets it once.
 */
describe('email delivery across a PostgreSQL restart at the acceptance', () => {
  let server: Postgres;
  let sink: SmtpSink;
  let worker: DeliveryWorker | undefined;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = await startPostgres();
    sink = await startSmtpSink();
    process.env.DATABASE_URL = await server.createDatabase('desk');
    process.env.SMTP_URL = sink.url;
    process.env.MAIL_FROM = 'Juniper Bakery <hello@juniper.example>';
    process.env.PUBLIC_BASE_URL = 'https://desk.juniper.example';
    resetEnvForTests();
    await (await desk()).getDb();
  }, 60_000);
  afterAll(async () => {
    await worker?.stop({ graceMs: 1_000 });
    await sink?.close();
    await (await desk()).closeDb();
    process.env = { ...saved };
    resetEnvForTests();
    server?.stop();
  });

  it('records the acceptance once the database is back, and sends the email once', async () => {
    const {
      emailConversation,
      getDb,
      getQuestion,
      mailOutFromEnv,
      mailSettingsFromEnv,
      sendReply,
      sqlRun,
      sqlValue,
      staffMember,
      startDeliveryWorker,
    } = await desk();
    await sqlRun("update questions set status = 'discarded'");
    const sam = await staffMember();
    const questionId = await emailConversation({
      from: 'cleo@customer.example',
      subject: 'Rye on Saturday?',
      messageId: 'c1.abc@customer.example',
      text: 'Can I pick up two rye loaves on Saturday?',
    });
    const version = (await getQuestion({ id: questionId }))?.version ?? 0;
    const sent = await sendReply({
      questionId,
      text: 'Yes, two rye loaves will be ready on Saturday from 8:00.',
      version,
      userId: sam,
      now: new Date(),
      mail: mailOutFromEnv(),
    });
    if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);

    // The database stops just before the mail server says 250, and returns 2 s later.
    let returned: Promise<void> | undefined;
    sink.beforeAccept = () => {
      if (returned) return undefined;
      server.down();
      returned = new Promise((resolve) =>
        setTimeout(() => {
          server.up();
          resolve();
        }, 2_000),
      );
      return undefined;
    };

    const settings = mailSettingsFromEnv();
    if (!settings) throw new Error('mail is not configured');
    const log: string[] = [];
    worker = startDeliveryWorker({
      settings: { ...settings, leaseMs: 30_000 },
      pollMs: 50,
      policy: { maxAttempts: 3, backoffBaseMs: 50 },
      log: (line) => log.push(line),
    });

    await waitUntil('the mail server has the email', () => sink.received.length > 0, 30_000);
    await returned;
    await waitUntil(
      'the email is marked sent',
      async () =>
        (await sqlValue<string>(
          'select status from email_outbox where reply_id = ?',
          sent.reply.id,
        ).catch(() => undefined)) === 'sent',
      15_000,
    );
    // Time for a second copy, had the email been handed back.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(sink.received, log.join('\n')).toHaveLength(1);
    expect(
      await sqlValue('select attempts from email_outbox where reply_id = ?', sent.reply.id),
    ).toBe(1);

    // Every connection the restart caught mid-transaction went back to the pool (or was
    // discarded): none is held for ever, so the pool never runs dry after a restart.
    await worker.stop({ graceMs: 1_000 });
    worker = undefined;
    const pool = (await getDb()).$client as unknown as { totalCount: number; idleCount: number };
    expect(pool.totalCount - pool.idleCount).toBe(0);
  }, 90_000);
});
