// @module-tag postgres: real-world mail, odd bytes and all, stored on both engines.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/env';
import { EMAIL_TEXT_MAX_CHARS } from '@/lib/mail/read-email';
import { type InboundMail, startInboundMail } from '@/server/mail/inbound';
import { type Dovecot, startDovecot } from '../support/dovecot';
import { waitUntilAllSeen } from '../support/mailbox-waits';
import { sqlRows, sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * Real mail from other projects' test suites (tests/fixtures/mail/corpus/README.md names each
 * one's source and licence), each with what a careful person reads in it: is it a customer
 * asking, and if so who, about what, in which words. All of it goes through a real Dovecot and
 * the real watcher, and the desk must read at least RIGHT_SHARE of it as that person did.
 */
const CORPUS = join(import.meta.dirname, '../fixtures/mail/corpus');
const RIGHT_SHARE = 0.95;

type Kind = 'question' | 'follow-up' | 'not a question' | 'could not read';
type Expected = {
  messageId: string;
  kind: Kind;
  reason?: string;
  sender?: string;
  subject?: string;
  text?: string;
  attachments?: string[];
};
type CorpusEmail = { category: string; name: string; raw: Buffer; expected: Expected };

function corpus(): CorpusEmail[] {
  const emails: CorpusEmail[] = [];
  for (const category of readdirSync(CORPUS, { withFileTypes: true })) {
    if (!category.isDirectory()) continue;
    const folder = join(CORPUS, category.name);
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith('.eml')) continue;
      const name = file.slice(0, -'.eml'.length);
      emails.push({
        category: category.name,
        name,
        raw: readFileSync(join(folder, file)),
        expected: JSON.parse(readFileSync(join(folder, `${name}.expected.json`), 'utf8')),
      });
    }
  }
  return emails.sort((a, b) => `${a.category}/${a.name}`.localeCompare(`${b.category}/${b.name}`));
}

/** The stored text is cut at EMAIL_TEXT_MAX_CHARS, as readEmail cuts it. */
function asStored(text: string): string {
  const chars = Array.from(text);
  return chars.length <= EMAIL_TEXT_MAX_CHARS
    ? text
    : chars.slice(0, EMAIL_TEXT_MAX_CHARS).join('').trimEnd();
}

const KIND_OF_OUTCOME: Record<string, Kind> = {
  question: 'question',
  'follow-up': 'follow-up',
  'not a question': 'not a question',
  unreadable: 'could not read',
};

type Row = {
  key: string;
  outcome: string;
  reason: string | null;
  fromAddress: string | null;
  subject: string | null;
  attachments: string;
  raw: Buffer | Uint8Array;
  text: string | null;
};

/** What differs between what a person reads in the email and what the desk stored. */
function differences(expected: Expected, row: Row | undefined): string[] {
  if (!row) return ['nothing was stored for it'];
  const kind = KIND_OF_OUTCOME[row.outcome] ?? row.outcome;
  if (kind !== expected.kind) return [`kind: expected ${expected.kind}, got ${kind}`];
  const wrong: string[] = [];
  if (expected.kind === 'not a question' && row.reason !== expected.reason) {
    wrong.push(`reason: expected ${expected.reason}, got ${row.reason}`);
  }
  if (expected.kind === 'could not read') return wrong;
  if (expected.sender !== undefined && row.fromAddress !== expected.sender) {
    wrong.push(`sender: expected ${expected.sender}, got ${row.fromAddress}`);
  }
  if (expected.subject !== undefined && (row.subject ?? '') !== expected.subject) {
    wrong.push(`subject: expected ${JSON.stringify(expected.subject)}, got ${row.subject}`);
  }
  const names = (JSON.parse(row.attachments || '[]') as { name: string }[]).map((a) => a.name);
  if (JSON.stringify(names) !== JSON.stringify(expected.attachments ?? [])) {
    wrong.push(`attachments: expected ${expected.attachments}, got ${names}`);
  }
  if (expected.text !== undefined && row.text !== asStored(expected.text)) {
    wrong.push(
      `text: expected ${JSON.stringify(asStored(expected.text).slice(0, 300))}, got ${JSON.stringify((row.text ?? '').slice(0, 300))}`,
    );
  }
  return wrong;
}

describe('a corpus of real-world mail through Dovecot and the watcher', () => {
  const emails = corpus();
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let dovecot: Dovecot;
  let inbound: InboundMail | undefined;
  let rows: Row[] = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
    dovecot = await startDovecot();
    for (const email of emails) await dovecot.append(email.raw);
    process.env.IMAP_URL = dovecot.url;
    process.env.IMAP_POLL_MS = '500';
    process.env.MAIL_FROM = 'Juniper Street Bakery <orders@juniper.example>';
    resetEnvForTests();
    inbound = startInboundMail({ log: () => {} });
    await waitUntilAllSeen(dovecot, 240_000, 'every corpus email is marked seen');
    rows = (await sqlRows(
      `select e.key, e.outcome, e.reason, e.from_address as "fromAddress", e.subject,
              cast(e.attachments as text) as attachments, e.raw, m.text
         from inbound_emails e left join messages m on m.id = e.message_id`,
    )) as Row[];
  }, 300_000);

  afterAll(async () => {
    await inbound?.stop();
    dovecot?.stop();
    process.env = { ...saved };
    resetEnvForTests();
    await temp?.cleanup();
  });

  /** The stored row of an email: by its Message-ID, or (unparsed) by the id inside its source. */
  function rowOf(email: CorpusEmail): Row | undefined {
    return (
      rows.find((row) => row.key === email.expected.messageId) ??
      rows.find((row) => Buffer.from(row.raw).includes(`<${email.expected.messageId}>`))
    );
  }

  it('the corpus is real and large: at least 150 emails, each with its expectation', () => {
    expect(emails.length).toBeGreaterThanOrEqual(150);
    expect(new Set(emails.map((email) => email.expected.messageId)).size).toBe(emails.length);
  });

  it('nothing is lost: every appended email is stored as a message, a skip or a kept failure', () => {
    expect(rows).toHaveLength(emails.length);
    const lost = emails.filter((email) => !rowOf(email)).map((email) => email.name);
    expect(lost).toEqual([]);
  });

  it(`at least ${RIGHT_SHARE * 100}% read right (kind, text, sender, subject, attachments)`, () => {
    const byCategory = new Map<string, { right: number; total: number }>();
    const wrong: string[] = [];
    for (const email of emails) {
      const problems = differences(email.expected, rowOf(email));
      const tally = byCategory.get(email.category) ?? { right: 0, total: 0 };
      tally.total++;
      if (problems.length === 0) tally.right++;
      else wrong.push(`${email.category}/${email.name}: ${problems.join('; ')}`);
      byCategory.set(email.category, tally);
    }
    const right = emails.length - wrong.length;
    const table = [...byCategory]
      .map(([category, { right, total }]) => `  ${category.padEnd(14)} ${right}/${total}`)
      .join('\n');
    console.log(
      `corpus: ${right}/${emails.length} right (${((100 * right) / emails.length).toFixed(1)}%)\n${table}${
        wrong.length > 0 ? `\nwrong:\n  ${wrong.join('\n  ')}` : ''
      }`,
    );
    expect(right / emails.length).toBeGreaterThanOrEqual(RIGHT_SHARE);
  });
});
