// @module-tag postgres: the outbox and the mail channels' health.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBakery } from '@/db/bakery';
import { getDb } from '@/db/client';
import { addCustomerMessage } from '@/db/conversations';
import { listMailChannels } from '@/db/mail-channels';
import { listEmailDeliveries, resendEmail } from '@/db/outbox';
import { getQuestion, getQuestionByTicket, replaceTicketToken } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { eraseExpiredConversations, updateRetention } from '@/db/retention';
import { resetEnvForTests } from '@/lib/env';
import { type DeliveryWorker, startDeliveryWorker } from '@/server/mail/delivery-worker';
import { mailOutFromEnv, mailSettingsFromEnv } from '@/server/mail/settings';
import { emailConversation, staffMember } from '../support/email-conversation';
import { waitUntil } from '../support/processes';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

type Row = Record<string, number | string | null>;

/** A trigger that refuses every email the outbox is given, in each engine's own words. */
async function refuseOutboxInserts(): Promise<void> {
  if (onPostgres()) {
    await sqlRun(
      "create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox refused'; end; $$",
    );
    await sqlRun(
      'create trigger refuse_outbox before insert on email_outbox for each row execute function refuse_outbox()',
    );
    return;
  }
  await sqlRun(
    "create trigger refuse_outbox before insert on email_outbox begin select raise(abort, 'outbox refused'); end",
  );
}
const all = async (sql: string, ...args: unknown[]) => (await sqlRows(sql, ...args)) as Row[];
const scalar = async (sql: string, ...args: unknown[]) =>
  (await sqlValue(sql, ...args)) as number | string | null;

const saved = { ...process.env };

describe('replies by email, through a real SMTP server', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let sink: SmtpSink;
  let sam: number;
  let worker: DeliveryWorker | undefined;

  beforeEach(async () => {
    sink = await startSmtpSink();
    temp = await useTempDatabase();
    process.env.SMTP_URL = sink.url;
    process.env.MAIL_FROM = 'Juniper Bakery <hello@juniper.example>';
    process.env.PUBLIC_BASE_URL = 'https://desk.juniper.example';
    resetEnvForTests();
    await getDb();
    await sqlRun("update questions set status = 'discarded'");
    sam = await staffMember();
  });
  afterEach(async () => {
    await worker?.stop({ graceMs: 1_000 });
    worker = undefined;
    await sink.close();
    await temp.cleanup();
    process.env = { ...saved };
    resetEnvForTests();
  });

  function startWorker(policy = { maxAttempts: 3, backoffBaseMs: 50 }) {
    const settings = mailSettingsFromEnv();
    if (!settings) throw new Error('mail is not configured');
    worker = startDeliveryWorker({ settings: { ...settings, leaseMs: 2_000 }, pollMs: 50, policy });
    return worker;
  }

  async function send(questionId: number, text: string, mail = mailOutFromEnv()) {
    const version = (await getQuestion({ id: questionId }))?.version ?? 0;
    const sent = await sendReply({ questionId, text, version, userId: sam, now: new Date(), mail });
    if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
    return sent;
  }

  const status = async (replyId: number) =>
    await scalar('select status from email_outbox where reply_id = ?', replyId);

  it('sends the reply once, threaded under the customer’s email, with a link that opens the conversation', async () => {
    const id = await emailConversation({
      from: 'cleo@customer.example',
      subject: 'Rye on Saturday?',
      messageId: 'c1.abc@customer.example',
      references: 'older@customer.example',
      text: 'Can I pick up two rye loaves on Saturday?',
    });
    const text =
      'Yes, two rye loaves will be ready on Saturday from 8:00. Merci, à bientôt!\nJuniper';
    const sent = await send(id, text);
    expect(sent.emailedTo).toBe('cleo@customer.example');

    // The Message-ID exists before anything is sent, on the bakery's message and the outbox row.
    const [message] = await all(
      "select channel, email_message_id, email_subject, email_from from messages where author = 'bakery' and question_id = ?",
      id,
    );
    const messageId = String(message?.email_message_id);
    expect(messageId).toMatch(/^[0-9a-f]{32}@juniper\.example$/);
    expect(message).toMatchObject({
      channel: 'email',
      email_subject: 'Re: Rye on Saturday?',
      email_from: 'hello@juniper.example',
    });
    expect(
      await scalar('select email_message_id from email_outbox where reply_id = ?', sent.reply.id),
    ).toBe(messageId);
    expect(await status(sent.reply.id)).toBe('queued');

    startWorker();
    await waitUntil('the email is sent', async () => (await status(sent.reply.id)) === 'sent');
    expect(sink.received).toHaveLength(1);
    const [email] = sink.received;
    if (!email) throw new Error('no email');
    expect(email.to).toEqual(['cleo@customer.example']);
    expect(email.from).toBe('hello@juniper.example');
    expect(email.email.header('message-id')).toBe(`<${messageId}>`);
    expect(email.email.header('in-reply-to')).toBe('<c1.abc@customer.example>');
    expect(email.email.header('references')).toBe(
      '<older@customer.example> <c1.abc@customer.example>',
    );
    expect(email.email.header('subject')).toBe('Re: Rye on Saturday?');
    expect(email.email.header('from')).toContain('hello@juniper.example');
    expect(email.email.text?.startsWith(`${text}\n\n`)).toBe(true);
    expect(email.email.html).toContain('Merci, à bientôt!');

    const link = /https:\/\/desk\.juniper\.example\/t\/([A-Za-z0-9_-]+)/.exec(
      email.email.text ?? '',
    );
    expect(link).not.toBeNull();
    expect((await getQuestionByTicket({ token: link?.[1] ?? '' }))?.id).toBe(id);
    // Under the reply, the feedback question links to that reply's confirmation on the same ticket.
    const bakeryMessage = await scalar(
      "select id from messages where author = 'bakery' and question_id = ?",
      id,
    );
    const feedback = `https://desk.juniper.example/t/${link?.[1]}/feedback/${bakeryMessage}`;
    expect(email.email.text).toContain(
      `Did this answer your question?\nYes: ${feedback}?answer=yes\nNo: ${feedback}?answer=no`,
    );

    // Accepted: the row says when and what the server said, and the link's token is gone from it.
    expect(
      (await all('select status, ticket_token, server_response, attempts from email_outbox'))[0],
    ).toMatchObject({ status: 'sent', ticket_token: null, attempts: 1 });
    expect(String(await scalar('select server_response from email_outbox'))).toContain('250');
    expect((await listMailChannels()).find((c) => c.name === 'smtp')?.lastOkAt).toBeInstanceOf(
      Date,
    );
    expect((await listEmailDeliveries({ questionId: id }))[0]).toMatchObject({
      status: 'sent',
      toAddress: 'cleo@customer.example',
    });

    // The emailed link is a way back into the conversation, like the ticket page's own.
    const answer = await addCustomerMessage({
      thread: { token: link?.[1] ?? '' },
      text: 'Lovely, see you Saturday.',
      channel: 'web',
    });
    expect(answer.ok && answer.question.id).toBe(id);

    // A new link made by staff ends every earlier one, the emailed link too.
    await replaceTicketToken({ id });
    expect(await getQuestionByTicket({ token: link?.[1] ?? '' })).toBeUndefined();
  });

  it('a customer who asked on the web with an address gets it under a subject of the desk’s own', async () => {
    const { createQuestion } = await import('@/db/questions');
    const { question } = await createQuestion({
      text: 'Do you have rye?',
      customerName: 'Dev',
      customerEmail: 'dev@customer.example',
      channel: 'web',
    });
    const sent = await send(question.id, 'We do: rye loaves every day.');
    startWorker();
    await waitUntil('the email is sent', async () => (await status(sent.reply.id)) === 'sent');
    const email = sink.received[0]?.email;
    expect(email?.header('subject')).toBe(`Your question to ${(await getBakery()).name}`);
    expect(email?.header('in-reply-to')).toBeUndefined();
    expect(email?.header('references')).toBeUndefined();
  });

  it('without SMTP_URL, or without an address, a send writes no email at all', async () => {
    const { createQuestion } = await import('@/db/questions');
    const withAddress = await emailConversation({
      from: 'cleo@customer.example',
      subject: 'Rye?',
      messageId: 'c2@customer.example',
      text: 'Rye?',
    });
    const off = await send(withAddress, 'Yes.', null);
    expect(off.emailedTo).toBeNull();
    const { question } = await createQuestion({
      text: 'Rye?',
      customerName: 'Ed',
      customerEmail: null,
      channel: 'web',
    });
    const noAddress = await send(question.id, 'Yes.');
    expect(noAddress.emailedTo).toBeNull();
    expect(await scalar('select count(*) from email_outbox')).toBe(0);
    expect(await scalar('select count(*) from ticket_tokens')).toBe(0);
    expect(
      await all("select channel, email_message_id from messages where author = 'bakery'"),
    ).toEqual([
      { channel: 'web', email_message_id: null },
      { channel: 'web', email_message_id: null },
    ]);
  });

  it('the email is written in the reply’s own transaction: if it cannot be queued, nothing is sent', async () => {
    const id = await emailConversation({
      from: 'cleo@customer.example',
      subject: 'Rye?',
      messageId: 'c3@customer.example',
      text: 'Rye?',
    });
    await refuseOutboxInserts();
    const refusal = await send(id, 'Yes.').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Error);
    // The driver's own error, not one that repeats the statement and its values.
    expect(refusal).toMatchObject({
      code: onPostgres() ? 'P0001' : 'SQLITE_CONSTRAINT_TRIGGER',
      message: 'outbox refused',
    });
    expect(await scalar('select count(*) from replies')).toBe(0);
    expect(await scalar("select count(*) from messages where author = 'bakery'")).toBe(0);
    expect(await scalar('select count(*) from ticket_tokens')).toBe(0);
    expect((await getQuestion({ id }))?.status).toBe('queued');
  });

  it('a temporary refusal (4xx) is tried again later, and the customer still gets one email', async () => {
    const id = await emailConversation({
      from: 'cleo@customer.example',
      subject: 'Rye?',
      messageId: 'c4@customer.example',
      text: 'Rye?',
    });
    let answered = 0;
    sink.beforeAccept = () =>
      answered++ === 0 ? { code: 451, message: '4.7.1 Greylisted, try again later' } : undefined;
    const sent = await send(id, 'Yes, rye every day.');
    startWorker();
    await waitUntil('the email is sent', async () => (await status(sent.reply.id)) === 'sent');
    expect(answered).toBe(2);
    expect(sink.received).toHaveLength(1);
    expect((await all('select attempts, last_error from email_outbox'))[0]).toEqual({
      attempts: 2,
      last_error: null,
    });
  });

  it('a server that cannot be reached is retried with backoff, and shows as the channel’s trouble', async () => {
    const id = await emailConversation({
      from: 'cleo@customer.example',
      subject: 'Rye?',
      messageId: 'c5@customer.example',
      text: 'Rye?',
    });
    const sent = await send(id, 'Yes.');
    await sink.close();
    startWorker({ maxAttempts: 2, backoffBaseMs: 60_000 });
    await waitUntil(
      'the first try failed',
      async () =>
        (await scalar('select attempts from email_outbox')) === 1 &&
        (await status(sent.reply.id)) === 'queued',
    );
    const row = (await all('select not_before, last_error from email_outbox'))[0];
    expect(Number(row?.not_before)).toBeGreaterThan(Date.now() + 30_000);
    expect(String(row?.last_error)).toContain('ECONNREFUSED');
    const smtp = (await listMailChannels()).find((c) => c.name === 'smtp');
    expect(smtp?.lastError).toContain('ECONNREFUSED');
    expect(smtp?.lastError).not.toContain('hello@');
  });

  it('a permanent refusal (5xx) fails at once in the server’s words; Resend sends the same email', async () => {
    const id = await emailConversation({
      from: 'nobody@customer.example',
      subject: 'Rye?',
      messageId: 'c6@customer.example',
      text: 'Rye?',
    });
    sink.answerRecipient = () => ({
      code: 550,
      message: '5.1.1 <nobody@customer.example>: no such user',
    });
    const sent = await send(id, 'Yes.');
    startWorker();
    await waitUntil('the email failed', async () => (await status(sent.reply.id)) === 'failed');
    expect((await all('select attempts, last_error from email_outbox'))[0]).toEqual({
      attempts: 1,
      last_error: '550 5.1.1 <nobody@customer.example>: no such user',
    });
    expect(sink.received).toHaveLength(0);
    // The server answered about this address: it is not the server's trouble.
    expect((await listMailChannels()).find((c) => c.name === 'smtp')?.lastError ?? null).toBeNull();

    expect(await resendEmail({ replyId: 9999, now: new Date() })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    sink.answerRecipient = () => undefined;
    expect(await resendEmail({ replyId: sent.reply.id, now: new Date() })).toEqual({
      ok: true,
      questionId: id,
    });
    await waitUntil('the email is sent', async () => (await status(sent.reply.id)) === 'sent');
    expect(await resendEmail({ replyId: sent.reply.id, now: new Date() })).toEqual({
      ok: false,
      reason: 'notFailed',
    });
    expect(sink.received).toHaveLength(1);
    const messageId = await scalar("select email_message_id from messages where author = 'bakery'");
    expect(sink.received[0]?.email.header('message-id')).toBe(`<${messageId}>`);
  });

  it('a mail server refusing the login fails the email in its words and shows as the channel’s trouble, never with the password', async () => {
    const guarded = await startSmtpSink(0, { login: { user: 'desk', pass: 'right-pass' } });
    try {
      process.env.SMTP_URL = `smtp://desk:wrong-pass@127.0.0.1:${guarded.port}`;
      resetEnvForTests();
      const id = await emailConversation({
        from: 'cleo@customer.example',
        subject: 'Rye?',
        messageId: 'c8@customer.example',
        text: 'Rye?',
      });
      const sent = await send(id, 'Yes.');
      startWorker();
      await waitUntil('the email failed', async () => (await status(sent.reply.id)) === 'failed');
      const error = String(await scalar('select last_error from email_outbox'));
      expect(error).toContain('535 5.7.8 Authentication credentials invalid');
      const smtp = (await listMailChannels()).find((c) => c.name === 'smtp');
      expect(smtp?.lastError).toContain('535');
      expect(`${smtp?.lastError} ${error}`).not.toContain('wrong-pass');
      expect(guarded.received).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });

  it('the retention period erases the email’s address, subject and link with the conversation', async () => {
    const id = await emailConversation({
      from: 'cleo@customer.example',
      subject: 'My private subject',
      messageId: 'c7@customer.example',
      text: 'Rye?',
      now: new Date(Date.now() - 40 * 86_400_000),
    });
    await send(id, 'Yes.');
    await sqlRun(
      'update questions set updated_at = ? where id = ?',
      Date.now() - 35 * 86_400_000,
      id,
    );
    await updateRetention({ days: 30, by: sam, now: new Date() });
    expect((await eraseExpiredConversations({ now: new Date(), by: null })).erased).toBe(1);
    expect(
      (await all('select to_address, subject, ticket_token, status from email_outbox'))[0],
    ).toEqual({
      to_address: '',
      subject: expect.not.stringContaining('private'),
      ticket_token: null,
      status: 'failed',
    });
    expect(await scalar("select email_subject from messages where author = 'bakery'")).toBeNull();
  });
});
