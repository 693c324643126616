/**
 * Writes `fixtures/release-<idx>.sql` (and its ticket tokens): a database filled by this
 * release's own code, dumped as rows. Run it once per release, before the next release's
 * schema change, so the upgrade tests start from what a bakery really had:
 *
 *   tsx --conditions=react-server tests/migrations/write-release-fixture.ts
 *
 * It covers every state a question can be in (queued, waiting to retry, mid-lease, drafted,
 * stale, marked for a person, failed, sent as drafted and edited, discarded), with accounts,
 * sessions and audit rows.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { closeDb, openDatabase } from '@/db/client';
import { listThread } from '@/db/conversations';
import { discardQuestion } from '@/db/drafts';
import { recordReplyFeedback } from '@/db/feedback';
import { listMenuItems, updateMenuItem } from '@/db/menu';
import { createQuestion, getQuestion, replaceTicketToken } from '@/db/questions';
import { claimNextQuestion, recordAttempt } from '@/db/queue';
import { sendReply } from '@/db/replies';
import { insertSession } from '@/db/sessions';
import { createUser } from '@/db/users';
import { offlineModel } from '@/lib/agent/models/offline/offline-model';
import { resetEnvForTests } from '@/lib/env';
import { draftClaimedQuestion } from '@/server/drafting/draft-question';
import { journal } from '../support/migrations';

const FIXTURES = join(process.cwd(), 'tests', 'migrations', 'fixtures');
const BOOKKEEPING = new Set(['__drizzle_migrations']);
/**
 * Kept by triggers from other rows: the knowledge search index and its shadow tables (from the
 * entries), the tab counts, the dashboard's quarter hours and first replies (from the questions,
 * messages, runs and replies, as the fixture's rows go in).
 */
const DERIVED =
  /^(knowledge_search(_|$)|question_status_counts$|dashboard_quarter_hours$|first_replies$)/;

function quote(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Buffer.isBuffer(value)) return `X'${value.toString('hex')}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

function dump(path: string): string {
  const sqlite = new Database(path, { readonly: true });
  try {
    const tables = sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const lines: string[] = [];
    for (const table of tables.filter((name) => !BOOKKEEPING.has(name) && !DERIVED.test(name))) {
      const rows = sqlite.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
      for (const row of rows) {
        const columns = Object.keys(row)
          .map((c) => `"${c}"`)
          .join(', ');
        const values = Object.values(row).map(quote).join(', ');
        lines.push(`INSERT INTO "${table}" (${columns}) VALUES (${values});`);
      }
    }
    return `${lines.join('\n')}\n`;
  } finally {
    sqlite.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-fixture-'));
  const path = join(dir, 'desk.db');
  process.env.DATABASE_PATH = path;
  resetEnvForTests();
  try {
    const start = new Date('2026-11-28T15:00:00Z').getTime();
    let tick = 0;
    const at = () => new Date(start + 60_000 * tick++);
    await openDatabase({ path });

    const owner = await createUser({
      email: 'owner@example.com',
      name: 'Olive Owner',
      role: 'owner',
      passwordHash: '$scrypt$n=16384,r=8,p=1$c2FsdA$a2V5',
      now: at(),
    });
    const staff = await createUser({
      email: 'sam@example.com',
      name: 'Sam Staff',
      role: 'staff',
      passwordHash: '$scrypt$n=16384,r=8,p=1$c2FsdA$a2V5',
      now: at(),
      mustChangePassword: false,
    });
    if (!owner.ok || !staff.ok) throw new Error('The accounts could not be made.');
    for (const [n, user] of [owner.user, staff.user].entries()) {
      await insertSession({
        id: `fixture-session-${n}`.padEnd(64, '0'),
        userId: user.id,
        expiresAt: new Date('2099-01-01T00:00:00Z'),
        now: at(),
        userAgent: 'Fixture browser',
        address: '127.0.0.1',
      });
    }

    const texts = [
      'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?',
      'Are you open on Monday?',
      'How much is a rye loaf?',
      'Do the cinnamon buns contain nuts? My son is allergic.',
      "Six cinnamon buns for tomorrow morning please, it's for my mum's birthday",
      "Hello, I'd like to order 3 rye loaves for Friday at noon",
      'What time do you close on Sunday?',
      'Can I get a birthday cake with writing on it?',
      'BUY CHEAP WATCHES http://spam.example',
      'Is the sourdough available today?',
      'Do you have gluten-free bread?',
      'Two rye loaves on Saturday at 8 please',
    ];
    const tokens: Record<string, string> = {};
    const ids: number[] = [];
    for (const [n, text] of texts.entries()) {
      const stored = await createQuestion({
        text,
        customerName: `Customer ${n + 1}`,
        customerEmail: n % 3 === 0 ? null : `customer${n + 1}@example.com`,
        channel: n % 4 === 0 ? 'api' : 'web',
        externalId: n % 4 === 0 ? `crm-${n + 1}` : null,
        now: at(),
      });
      if (!stored.created) throw new Error('A question was not stored.');
      tokens[String(stored.question.id)] = stored.ticketToken;
      ids.push(stored.question.id);
    }

    // Drafts for the first eight, through the release's own worker code and offline drafter.
    const settings = {
      limits: { maxTurns: 4, maxTokens: 20_000, maxDollars: 0.5 },
      leaseMs: 60_000,
      maxAttempts: 3,
      makeModel: ({ facts, now, askedAt }: { facts: never; now: Date; askedAt: Date }) =>
        offlineModel({ facts, now, askedAt }),
    };
    for (let n = 0; n < 8; n++) {
      const claimed = await claimNextQuestion({
        owner: 'fixture',
        leaseMs: 60_000,
        now: new Date(),
      });
      if (!claimed) throw new Error('Nothing to claim.');
      await draftClaimedQuestion({
        question: claimed,
        owner: 'fixture',
        signal: new AbortController().signal,
        settings: settings as never,
      });
    }
    const pick = (n: number): number => {
      const id = ids[n];
      if (id === undefined) throw new Error(`No question ${n}.`);
      return id;
    };
    const [asked, closed, price, cake] = [pick(0), pick(1), pick(2), pick(7)];
    const current = async (id: number) => {
      const question = await getQuestion({ id });
      if (!question) throw new Error(`Question ${id} is missing.`);
      return { version: question.version, draft: question.draftText ?? '' };
    };
    // Sent as drafted, and sent after an edit.
    await sendReply({
      questionId: asked,
      text: (await current(asked)).draft,
      version: (await current(asked)).version,
      userId: staff.user.id,
      now: at(),
    });
    await sendReply({
      questionId: price,
      text: `${(await current(price)).draft}\n\nWarm wishes, Sam`,
      version: (await current(price)).version,
      userId: owner.user.id,
      now: at(),
    });
    // The customers' answers under both replies: a yes, and a no with a comment.
    for (const [questionId, answer, comment] of [
      [asked, 'yes', null],
      [price, 'no', 'I asked about Sunday, not Saturday'],
    ] as const) {
      const sent = (await listThread({ questionId, withStaffNames: false })).find(
        (message) => message.author === 'bakery',
      );
      if (!sent) throw new Error(`Question ${questionId} has no sent reply.`);
      await recordReplyFeedback({ questionId, messageId: sent.id, answer, comment, now: at() });
    }
    // A conversation whose link staff replaced: its old link is kept only as a hash.
    const replaced = await replaceTicketToken({ id: price });
    if (!replaced.ok) throw new Error('The ticket link was not replaced.');
    tokens[String(price)] = replaced.ticketToken;
    await discardQuestion({ id: closed, reason: 'Answered on the phone', now: at() });
    await discardQuestion({ id: cake, reason: 'Duplicate of an email', now: at() });
    // A failed question: an attempt recorded as failed for good.
    const failing = await claimNextQuestion({ owner: 'fixture', leaseMs: 60_000, now: new Date() });
    if (!failing?.leaseToken) throw new Error('Nothing to fail.');
    await recordAttempt({
      questionId: failing.id,
      leaseToken: failing.leaseToken,
      run: {
        model: 'claude-sonnet-4-5',
        stopKind: 'failed',
        error: 'Model overloaded (529)',
        factsVersion: 1,
        startedAt: at(),
        finishedAt: at(),
      },
      calls: [],
      next: { status: 'failed', lastError: 'Model overloaded (529)' },
      now: at(),
    });
    // Waiting to retry after a failed attempt.
    const retrying = await claimNextQuestion({
      owner: 'fixture',
      leaseMs: 60_000,
      now: new Date(),
    });
    if (!retrying?.leaseToken) throw new Error('Nothing to retry.');
    await recordAttempt({
      questionId: retrying.id,
      leaseToken: retrying.leaseToken,
      run: {
        model: 'claude-sonnet-4-5',
        stopKind: 'failed',
        error: 'Rate limited (429)',
        factsVersion: 1,
        startedAt: at(),
        finishedAt: at(),
      },
      calls: [],
      next: {
        status: 'queued',
        notBefore: new Date('2026-11-28T18:00:00Z'),
        lastError: 'Rate limited (429)',
      },
      now: at(),
    });
    // Mid-lease: a worker holds it as the release stops.
    await claimNextQuestion({ owner: 'fixture-worker', leaseMs: 60_000, now: at() });
    // The rest stay queued. A price change makes the drafts before it stale.
    const rolls = (await listMenuItems()).find((item) => item.name === 'Sourdough rolls');
    if (rolls) {
      await updateMenuItem({
        id: rolls.id,
        input: {
          name: rolls.name,
          price: rolls.priceCents + 25,
          noticeDays: rolls.noticeDays,
          available: rolls.available,
          description: rolls.description,
          ingredients: rolls.ingredients,
          allergensRecorded: rolls.allergens !== null,
          allergens: rolls.allergens ?? [],
          mayContain: rolls.mayContain ?? [],
          dietary: rolls.dietary,
        },
        by: owner.user.id,
        now: at(),
      });
    }
    await closeDb();

    const idx = Math.max(...journal().entries.map((entry) => entry.idx));
    const name = `release-${String(idx).padStart(4, '0')}`;
    writeFileSync(join(FIXTURES, `${name}.sql`), dump(path));
    writeFileSync(join(FIXTURES, `${name}.tokens.json`), `${JSON.stringify(tokens, null, 2)}\n`);
    console.log(`Wrote tests/migrations/fixtures/${name}.sql and ${name}.tokens.json`);
  } finally {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
