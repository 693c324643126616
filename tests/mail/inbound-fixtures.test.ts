// @module-tag postgres: emails stored as conversations.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadForDrafting } from '@/db/conversations';
import { resetEnvForTests } from '@/lib/env';
import { EMAIL_TEXT_MAX_CHARS } from '@/lib/mail/read-email';
import { type InboundMail, startInboundMail } from '@/server/mail/inbound';
import { type Dovecot, startDovecot } from '../support/dovecot';
import { waitUntilAllSeen, waitUntilTaken } from '../support/mailbox-waits';
import { sqlRows, sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const FIXTURES = join(import.meta.dirname, '../fixtures/mail');
const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.eml`));

/** Every fixture, in the order a mailbox would receive them: follow-ups after what they answer. */
const ORDER = [
  'plain',
  'multipart-alternative',
  'html-only',
  'forwarded',
  'charset-latin1',
  'attachment',
  'large-body',
  'quoted-reply',
  'references-only',
  'auto-reply',
  'bounce',
  'mailing-list',
  'own-address',
  'unparseable',
];

type Row = Record<string, unknown>;
const all = async (sql: string, ...params: unknown[]) => (await sqlRows(sql, ...params)) as Row[];
const one = async (sql: string, ...params: unknown[]) =>
  (await sqlRows(sql, ...params))[0] as Row | undefined;

/** What became of the email with this Message-ID (or, without one, this is the only such row). */
async function outcomeOf(key: string) {
  return await one(
    `select e.outcome, e.reason, e.question_id as "questionId", cast(e.attachments as text) as attachments, e.raw, e.size,
            m.text, m.email_subject as subject, m.email_from as "emailFrom", q.customer_name as name,
            q.customer_email as email, q.status, q.last_error as "lastError", q.channel
       from inbound_emails e left join messages m on m.id = e.message_id
       left join questions q on q.id = e.question_id where e.key = ?`,
    key,
  );
}

describe('customers’ emails from a real IMAP server (Dovecot)', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let dovecot: Dovecot;
  let inbound: InboundMail | undefined;
  const saved = { ...process.env };

  beforeAll(async () => {
    // The corpus/ folder beside these holds the real-world corpus (tests/mail/corpus.test.ts).
    const emails = readdirSync(FIXTURES).filter((name) => name.endsWith('.eml'));
    expect(emails.sort()).toEqual(ORDER.map((name) => `${name}.eml`).sort());
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
    dovecot = await startDovecot();
    for (const name of ORDER) await dovecot.append(fixture(name));
    process.env.IMAP_URL = dovecot.url;
    process.env.IMAP_POLL_MS = '500';
    process.env.MAIL_FROM = 'Juniper Street Bakery <orders@juniper.example>';
    resetEnvForTests();
    inbound = startInboundMail({ log: () => {} });
    await waitUntilTaken(ORDER.length, { timeoutMs: 30_000, what: 'every email is taken' });
    await waitUntilAllSeen(dovecot, 20_000);
  }, 90_000);

  afterAll(async () => {
    await inbound?.stop();
    dovecot?.stop();
    process.env = { ...saved };
    resetEnvForTests();
    await temp?.cleanup();
  });

  it('plain text opens a conversation on the email channel, named from the From header', async () => {
    const plain = await outcomeOf('plain-1@example.com');
    expect(plain).toMatchObject({
      outcome: 'question',
      channel: 'email',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Rye loaf on Saturday?',
      status: expect.stringMatching(/queued|drafting|drafted/),
    });
    expect(plain?.text).toBe(
      'Hello! Do you have a rye loaf on Saturday? I would pick it up around 10.\n\nThanks,\nAda',
    );
  });

  it('multipart/alternative takes the plain part; HTML-only becomes clean text', async () => {
    expect(await outcomeOf('alt-1@example.org')).toMatchObject({
      outcome: 'question',
      text: 'How much is a sourdough loaf?',
    });
    const html = await outcomeOf('html-1@example.net');
    expect(html).toMatchObject({ outcome: 'question', name: 'Katherine Johnson' });
    expect(html?.text).toBe(
      'Can you make a chocolate cake for 12 people?\n\nPick up on Friday & thanks!',
    );
  });

  it('a quoted reply with In-Reply-To joins its conversation without the quote and signature', async () => {
    const reply = await outcomeOf('reply-1@example.com');
    const first = await outcomeOf('plain-1@example.com');
    expect(reply).toMatchObject({
      outcome: 'follow-up',
      questionId: first?.questionId,
      text: 'Actually, make it two rye loaves please.',
    });
    const thread = await threadForDrafting({ questionId: Number(first?.questionId) });
    expect(thread.map((message) => message.author)).toEqual(['customer', 'customer']);
  });

  it('a reply carrying only References joins the conversation its newest known id names', async () => {
    expect(await outcomeOf('refs-1@example.org')).toMatchObject({
      outcome: 'follow-up',
      questionId: (await outcomeOf('alt-1@example.org'))?.questionId,
      text: 'And is it cheaper if I buy three?',
    });
  });

  it('a forwarded email is a new question that keeps what was forwarded', async () => {
    const forwarded = await outcomeOf('fwd-1@example.com');
    expect(forwarded).toMatchObject({ outcome: 'question', name: 'Mary Jackson' });
    expect(forwarded?.text).toContain('Could you do this for our office?');
    expect(forwarded?.text).toContain('We need 40 cinnamon buns for Friday morning.');
  });

  it('auto-replies, bounces, mailing lists and the desk’s own mail are no message', async () => {
    expect(await outcomeOf('ooo-1@example.com')).toMatchObject({
      outcome: 'not a question',
      reason: 'auto-reply',
      questionId: null,
      text: null,
    });
    expect(await outcomeOf('bounce-1@mail.juniper.example')).toMatchObject({
      outcome: 'not a question',
      reason: 'bounce',
    });
    expect(await outcomeOf('list-1@flour.example')).toMatchObject({
      outcome: 'not a question',
      reason: 'mailing list',
    });
    expect(await outcomeOf('own-1@juniper.example')).toMatchObject({
      outcome: 'not a question',
      reason: 'own address',
    });
    // The auto-reply answered Ada's first email and still added nothing to it.
    const ada = Number((await outcomeOf('plain-1@example.com'))?.questionId);
    expect(await threadForDrafting({ questionId: ada })).toHaveLength(2);
  });

  it('an ISO-8859-1 email decodes: name, subject and text', async () => {
    const latin = await outcomeOf('latin-1@example.fr');
    expect(latin).toMatchObject({
      outcome: 'question',
      name: 'Renée François',
      subject: 'Crème brûlée pour samedi',
    });
    expect(latin?.text).toBe(
      'Bonjour, avez-vous des crèmes brûlées samedi ? Merci beaucoup, à bientôt.',
    );
  });

  it('attachments are listed by name and size and never reach the text a draft reads', async () => {
    const attached = await outcomeOf('attach-1@example.com');
    expect(attached).toMatchObject({
      outcome: 'question',
      text: 'Could you make the cake in the attached design?',
    });
    expect(JSON.parse(String(attached?.attachments))).toEqual([
      { name: 'cake-design.pdf', size: 2064 },
    ]);
    const thread = await threadForDrafting({ questionId: Number(attached?.questionId) });
    expect(JSON.stringify(thread)).not.toMatch(/cake-design|JVBER/);
  });

  it('a very large body is cut for drafting; the whole original is kept', async () => {
    const large = await outcomeOf('large-1@example.com');
    expect(large?.outcome).toBe('question');
    expect(String(large?.text).startsWith('Do you cater weddings for 200 guests?')).toBe(true);
    expect(Array.from(String(large?.text)).length).toBeLessThanOrEqual(EMAIL_TEXT_MAX_CHARS);
    expect(Buffer.compare(large?.raw as Buffer, fixture('large-body'))).toBe(0);
  });

  it('unparseable mail is kept for staff as "could not read" with its raw source', async () => {
    const rows = await all(
      `select e.question_id as "questionId", e.reason, e.raw from inbound_emails e where e.outcome = 'unreadable'`,
    );
    expect(rows).toHaveLength(1);
    // As the server handed it over (Dovecot stores bare bytes as it sees fit).
    expect(Buffer.from(rows[0]?.raw as Buffer).toString('latin1')).toContain('not an email at all');
    const question = await one(
      'select status, last_error as "lastError", channel from questions where id = ?',
      rows[0]?.questionId,
    );
    expect(question).toMatchObject({ status: 'failed', channel: 'email' });
    expect(String(question?.lastError)).toContain('could not be read');
  });

  it('each email is one row and at most one message; the same email again adds nothing', async () => {
    const before = (await all('select count(*) as n from messages'))[0]?.n;
    await dovecot.append(fixture('plain'));
    await dovecot.append(fixture('quoted-reply'));
    await waitUntilAllSeen(dovecot, 20_000);
    expect((await all('select count(*) as n from messages'))[0]?.n).toBe(before);
    expect((await all('select count(*) as n from inbound_emails'))[0]?.n).toBe(ORDER.length);
    expect(
      await one(
        "select last_ok_at as ok, last_error as error from mail_channels where name = 'imap'",
      ),
    ).toMatchObject({
      ok: expect.any(Number),
      error: null,
    });
  }, 30_000);
});
