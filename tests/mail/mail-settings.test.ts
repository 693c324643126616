// @module-tag postgres
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { recordMailChannelError, recordMailChannelOk } from '@/db/mail-channels';
import { getQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { env, resetEnvForTests } from '@/lib/env';
import { deskSecretKeyPath } from '@/lib/secrets/desk-key';
import { incomingMail, outgoingMail } from '@/server/mail/mail-config';
import { emailRepliesWork } from '@/server/mail/promise';
import { mailDeliveryRunning, startMail, stopMail } from '@/server/mail/service';
import { currentMailOut, currentMailSettings } from '@/server/mail/settings';
import { type Dovecot, startDovecot } from '../support/dovecot';
import { emailConversation, staffMember } from '../support/email-conversation';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { sqlRows, sqlRun } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

/**
 * Email connected in Settings, through the owner's own actions: the forms' mistakes write
 * nothing, the password is stored sealed (never in the database's bytes or the audit log),
 * the environment wins, the two checks answer in the servers' own words, and a save reaches
 * the running delivery worker and a separate `npm run worker` without a restart.
 */
const OWNER_EMAIL = 'olive@juniper.example';
vi.mock('@/server/session', () => ({
  getCurrentUser: async () => ({
    id: 1,
    email: 'olive@juniper.example',
    name: 'Olive',
    role: 'owner',
    createdAt: new Date(0),
    mustChangePassword: false,
    totpEnabledAt: null,
    sessionId: 's',
  }),
  logDenial: async () => {},
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));

const { saveOutgoingMail, saveIncomingMail, testOutgoingMail, testIncomingMail } = await import(
  '@/app/admin/settings/email-actions'
);

const MAIL_VARIABLES = [
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_BASE_URL',
  'IMAP_URL',
  'IMAP_DONE_FOLDER',
  'DESK_SECRET',
];
const saved = { ...process.env };
const PASSWORD = 'Crumb-Secret-7731-xyz';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const outgoing = (sink: SmtpSink, extra: Record<string, string> = {}) =>
  form({
    provider: 'other',
    host: '127.0.0.1',
    port: String(sink.port),
    security: 'none',
    user: 'desk',
    password: PASSWORD,
    from: 'Juniper Bakery <hello@juniper.example>',
    publicBaseUrl: 'https://desk.juniper.example',
    ...extra,
  });

const incoming = (dovecot: Dovecot, extra: Record<string, string> = {}) =>
  form({
    provider: 'other',
    host: '127.0.0.1',
    port: String(dovecot.port),
    security: 'none',
    user: dovecot.user,
    password: dovecot.password,
    folder: 'INBOX',
    doneFolder: '',
    ...extra,
  });

async function rowsOf(): Promise<string> {
  return JSON.stringify([
    await sqlRows('select * from connections order by name'),
    await sqlRows('select * from audit_log order by id'),
  ]);
}

/** A reply sent by staff to a customer who wrote by email, queued as the send action does. */
async function sendAReply(n: number): Promise<void> {
  const id = await emailConversation({
    from: `cleo${n}@customer.example`,
    subject: `Rye ${n}?`,
    messageId: `rye-${n}@customer.example`,
    text: 'Do you have rye?',
  });
  const version = (await getQuestion({ id }))?.version ?? 0;
  const sam = await staffMember(`Sam${n}`);
  const sent = await sendReply({
    questionId: id,
    text: `Yes, rye ${n}.`,
    version,
    userId: sam,
    now: new Date(),
    mail: await currentMailOut(),
  });
  if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
}

describe('email connected in Settings', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let sink: SmtpSink;
  let other: SmtpSink;
  let dovecot: Dovecot;

  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(() => dovecot?.stop());

  beforeEach(async () => {
    for (const name of MAIL_VARIABLES) delete process.env[name];
    sink = await startSmtpSink(0, { login: { user: 'desk', pass: PASSWORD } });
    other = await startSmtpSink(0, { login: { user: 'desk', pass: PASSWORD } });
    temp = await useTempDatabase();
    await getDb();
    await sqlRun("update questions set status = 'discarded'");
    await sqlRun(
      "insert into users (email, name, role, password_hash, created_at) values (?, 'Olive', 'owner', 'x', 0)",
      OWNER_EMAIL,
    );
  });
  afterEach(async () => {
    await stopMail({ graceMs: 500 });
    await sink.close();
    await other.close();
    await temp.cleanup();
    process.env = { ...saved };
    resetEnvForTests();
  });

  it('a bad port, server or address is refused beside its field, and nothing is written', async () => {
    const before = await rowsOf();
    const bad = await saveOutgoingMail(
      undefined,
      outgoing(sink, { port: '99999', from: 'the bakery', host: 'https://smtp.example.com' }),
    );
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      errors: {
        port: expect.stringContaining('whole number from 1 to 65535'),
        from: expect.stringContaining('An email address'),
        host: expect.stringContaining('Only the server’s name'),
      },
    });
    // What was typed comes back to refill the form, but never the password.
    expect(JSON.stringify(bad)).not.toContain(PASSWORD);
    const badIn = await saveIncomingMail(undefined, incoming(dovecot, { port: 'abc', user: '' }));
    expect(badIn).toMatchObject({ ok: false, status: 400, errors: { port: expect.any(String) } });
    expect(await rowsOf()).toBe(before);
    expect(await currentMailSettings()).toBeNull();
  });

  it('the password is stored sealed: not in the database’s bytes nor the audit log', async () => {
    expect(await saveOutgoingMail(undefined, outgoing(sink))).toMatchObject({ ok: true });
    expect(
      await saveIncomingMail(undefined, incoming(dovecot, { password: `${PASSWORD}-in` })),
    ).toMatchObject({ ok: true });
    const [row] = await sqlRows<{
      settings: unknown;
      sealed_secret: string;
      secret_ending: string;
    }>("select settings, sealed_secret, secret_ending from connections where name = 'smtp'");
    expect(row?.secret_ending).toBe(PASSWORD.slice(-4));
    expect(row?.sealed_secret).not.toContain(PASSWORD);
    expect(JSON.stringify(row?.settings)).not.toContain(PASSWORD);
    const audit = JSON.stringify(await sqlRows('select * from audit_log'));
    expect(audit).toContain('connection.update');
    expect(audit).not.toContain(PASSWORD);
    expect(audit).not.toContain(String(row?.sealed_secret));
    if (!onPostgres()) {
      await closeAndReadBytes(temp.path, (bytes) => {
        expect(bytes.includes(Buffer.from('Crumb-Secret'))).toBe(false);
        // The settings themselves are there: this is the right file.
        expect(bytes.includes(Buffer.from('hello@juniper.example'))).toBe(true);
      });
    }
    // The saved password still opens: the desk sends with it.
    const settings = await currentMailSettings();
    expect(settings?.transport).toMatchObject({ auth: { user: 'desk', pass: PASSWORD } });
  });

  it('the environment wins over what was saved, field by field, and its fields are not saved', async () => {
    await saveOutgoingMail(undefined, outgoing(other));
    await saveIncomingMail(undefined, incoming(dovecot));
    process.env.MAIL_FROM = 'Env Bakery <env@juniper.example>';
    resetEnvForTests();
    const fromEnvOnly = await currentMailSettings();
    expect(fromEnvOnly?.fromLine).toBe('Env Bakery <env@juniper.example>');
    expect(fromEnvOnly?.transport).toMatchObject({ host: '127.0.0.1', port: other.port });

    Object.assign(process.env, {
      SMTP_URL: `smtp://desk:${PASSWORD}@127.0.0.1:${sink.port}`,
      PUBLIC_BASE_URL: 'https://env.juniper.example',
      IMAP_URL: `imap://env-user:env-pass@127.0.0.1:${dovecot.port}/Orders`,
    });
    resetEnvForTests();
    const settings = await currentMailSettings();
    expect(settings).toMatchObject({
      transport: { url: process.env.SMTP_URL },
      fromLine: 'Env Bakery <env@juniper.example>',
      baseUrl: 'https://env.juniper.example',
    });
    const mailbox = await incomingMail();
    expect(mailbox).toMatchObject({
      state: 'ready',
      config: { server: 'environment', user: 'env-user', mailbox: 'Orders' },
    });
    const before = await rowsOf();
    expect(await saveOutgoingMail(undefined, outgoing(other))).toMatchObject({
      ok: false,
      message: expect.stringContaining('set by the server’s environment'),
    });
    expect(await saveIncomingMail(undefined, incoming(dovecot))).toMatchObject({ ok: false });
    expect(await rowsOf()).toBe(before);

    // And the running worker sends through the environment's server.
    await startMail({ readMailbox: false });
    await sendAReply(1);
    await waitUntil('the reply reaches the environment’s server', () => sink.received.length === 1);
    expect(other.received).toHaveLength(0);
    expect(sink.received[0]?.email.header('from')).toContain('env@juniper.example');
  });

  it('“Send a test email to me” sends to the owner, or says the server’s own words', async () => {
    const sent = await testOutgoingMail(undefined, outgoing(sink));
    expect(sent).toMatchObject({ ok: true, check: { ok: true } });
    expect(sent.ok && 'check' in sent && sent.check.words).toContain(`Sent to ${OWNER_EMAIL}`);
    expect(sink.received.map((m) => m.to)).toEqual([[OWNER_EMAIL]]);
    expect(sink.received[0]?.email.header('from')).toContain('hello@juniper.example');

    const refused = await testOutgoingMail(undefined, outgoing(sink, { password: 'wrong-one' }));
    expect(refused).toMatchObject({ ok: true, check: { ok: false } });
    const words = refused.ok && 'check' in refused ? refused.check.words : '';
    expect(words).toContain('535 5.7.8 Authentication credentials invalid');
    expect(words).not.toContain('wrong-one');

    const began = Date.now();
    const down = await testOutgoingMail(undefined, outgoing(sink, { port: '1' }));
    expect(down.ok && 'check' in down && down.check).toMatchObject({
      ok: false,
      words: expect.stringContaining('ECONNREFUSED'),
    });
    expect(Date.now() - began).toBeLessThan(25_000);
    // A check saves nothing.
    expect(await sqlRows('select * from connections')).toEqual([]);
  });

  it('“Check the mailbox” signs in and counts, or says the server’s own words', async () => {
    await dovecot.append('From: a@customer.example\r\nSubject: one\r\n\r\nHello\r\n');
    await dovecot.append('From: b@customer.example\r\nSubject: two\r\n\r\nHello\r\n');
    const checked = await testIncomingMail(undefined, incoming(dovecot));
    expect(checked.ok && 'check' in checked && checked.check).toMatchObject({
      ok: true,
      words: expect.stringMatching(/Signed in\. “INBOX” holds 2 emails, 2 not yet read\./),
    });
    const wrong = await testIncomingMail(undefined, incoming(dovecot, { password: 'nope-nope' }));
    const words = wrong.ok && 'check' in wrong ? wrong.check.words : '';
    expect(words).toMatch(/refused the login|AUTHENTICATIONFAILED|Authentication failed/i);
    expect(words).not.toContain('nope-nope');
    const missing = await testIncomingMail(undefined, incoming(dovecot, { folder: 'Nowhere' }));
    expect(missing.ok && 'check' in missing && missing.check).toMatchObject({
      ok: false,
      words: expect.stringMatching(/Mailbox doesn't exist|NONEXISTENT/i),
    });
    // The check reads: both emails are still unread for the desk.
    expect((await dovecot.list()).map((m) => m.seen)).toEqual([false, false]);
  });

  it('saving restarts the running delivery worker with the new server, without a restart', async () => {
    await startMail({ readMailbox: false });
    expect(mailDeliveryRunning()).toBe(false);
    await saveOutgoingMail(undefined, outgoing(sink));
    expect(mailDeliveryRunning()).toBe(true);
    await sendAReply(1);
    await waitUntil('the first reply arrives', () => sink.received.length === 1);

    // The owner moves to another server; the password field left empty keeps the saved one.
    expect(await saveOutgoingMail(undefined, outgoing(other, { password: '' }))).toMatchObject({
      ok: true,
    });
    await sendAReply(2);
    await waitUntil(
      'the second reply arrives at the new server',
      () => other.received.length === 1,
    );
    expect(sink.received).toHaveLength(1);
    expect(other.received[0]?.to).toEqual(['cleo2@customer.example']);
  });

  it('with the desk’s key file gone, the saved passwords read as unreadable: mail stops, nothing crashes', async () => {
    await saveOutgoingMail(undefined, outgoing(sink));
    await saveIncomingMail(undefined, incoming(dovecot));
    expect(await emailRepliesWork()).toBe(true);
    rmSync(deskSecretKeyPath(env().DATABASE_PATH));
    expect(await outgoingMail()).toMatchObject({ state: 'unreadable' });
    expect(await incomingMail()).toMatchObject({ state: 'unreadable' });
    expect(await currentMailSettings()).toBeNull();
    expect(await emailRepliesWork()).toBe(false);
    // The mailbox check asks for the password again rather than trying without it.
    const check = await testIncomingMail(undefined, incoming(dovecot, { password: '' }));
    expect(check.ok && 'check' in check && check.check).toEqual({
      ok: false,
      words: 'The saved password can’t be read any more: enter it again.',
    });
    // Entered again, it is sealed under the new key and works.
    await saveOutgoingMail(undefined, outgoing(sink));
    expect(await outgoingMail()).toMatchObject({ state: 'ready' });
  });

  it('/ask and the ticket page promise email only while replies go out and the server is not failing', async () => {
    expect(await emailRepliesWork()).toBe(false);
    await saveOutgoingMail(undefined, outgoing(sink));
    expect(await emailRepliesWork()).toBe(true);
    await recordMailChannelError({ name: 'smtp', error: '421 try later', now: new Date() });
    expect(await emailRepliesWork()).toBe(false);
    await recordMailChannelOk({ name: 'smtp', now: new Date(Date.now() + 1) });
    expect(await emailRepliesWork()).toBe(true);
  });
});

describe('a separate npm run worker', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let sink: SmtpSink;
  let worker: Spawned | undefined;

  beforeEach(async () => {
    for (const name of MAIL_VARIABLES) delete process.env[name];
    sink = await startSmtpSink(0, { login: { user: 'desk', pass: PASSWORD } });
    temp = await useTempDatabase();
    await getDb();
    await sqlRun("update questions set status = 'discarded'");
    await sqlRun(
      "insert into users (email, name, role, password_hash, created_at) values (?, 'Olive', 'owner', 'x', 0)",
      OWNER_EMAIL,
    );
  });
  afterEach(async () => {
    if (worker) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    await sink.close();
    await temp.cleanup();
    process.env = { ...saved };
    resetEnvForTests();
  });

  it('picks up email saved in Settings within a few seconds, without a restart', async () => {
    worker = spawnWorker({ DRAFT_WORKER: 'on', DRAFT_MODEL: 'offline' });
    const running = worker;
    await waitUntil('the worker starts', () => running.output().includes('drafting with'), 60_000);
    expect(running.output()).not.toContain('emailing sent replies');
    await saveOutgoingMail(undefined, outgoing(sink));
    await sendAReply(1);
    await waitUntil('the worker emails the reply', () => sink.received.length === 1, 30_000);
    expect(running.output()).toContain('emailing sent replies from Juniper Bakery');
    expect(running.output()).not.toContain(PASSWORD);
  });
});

/** The SQLite file and its write-ahead log as they are on disk, the desk's handle closed. */
async function closeAndReadBytes(path: string, check: (bytes: Buffer) => void): Promise<void> {
  const { closeDb } = await import('@/db/client');
  await closeDb();
  const parts = [path, `${path}-wal`].map((file) => {
    try {
      return readFileSync(file);
    } catch {
      return Buffer.alloc(0);
    }
  });
  check(Buffer.concat(parts));
  await getDb();
}
