import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, getDb, openDatabase } from '@/db/client';
import { countQuestionsByStatus, currentFacts, listInbox } from '@/db/inbox';
import { addKnowledgeEntry, searchKnowledge } from '@/db/knowledge';
import { getQuestionByTicket } from '@/db/questions';
import { findSessionWithUser } from '@/db/sessions';
import { resetEnvForTests } from '@/lib/env';
import { draftMarks } from '@/lib/inbox/groups';
import { editClass } from '@/lib/insights/figures';
import { hashTicketToken } from '@/lib/intake/ticket-token';
import {
  appliedDataMigrations,
  type DeclaredChanges,
  databaseAtMigration,
  journal,
  loadRows,
  lostInUpgrade,
  readFixtureJson,
  releaseFixtures,
  snapshot,
} from '../support/migrations';

/** What each data migration may change, and nothing else may. */
const declaredChanges: DeclaredChanges = {
  '0002_hash_ticket_tokens': {
    'questions.ticket_token': (token) => hashTicketToken(String(token)),
  },
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bakery-desk-upgrade-'));
});
afterEach(async () => {
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});

async function upgrade(path: string): Promise<void> {
  (await openDatabase({ path, seed: false })).$client.close();
}

/**
 * Each release's database, built once (its migrations run and its rows loaded) and copied for
 * every test that upgrades it: the upgrade is the work under test, not the building.
 */
const templates = mkdtempSync(join(tmpdir(), 'bakery-desk-releases-'));
const built = new Set<number>();
afterAll(() => rmSync(templates, { recursive: true, force: true }));

/** A database as the release at `idx` left it, with that release's rows in it: a fresh copy. */
function releaseDatabase(fixture: { idx: number; sql: string }): string {
  const template = join(templates, `release-${fixture.idx}.db`);
  if (!built.has(fixture.idx)) {
    databaseAtMigration(template, fixture.idx);
    loadRows(template, fixture.sql);
    // Closed, the database is all in its file: no write-ahead log is left to copy with it.
    if (existsSync(`${template}-wal`)) throw new Error(`${template} was left with a WAL.`);
    built.add(fixture.idx);
  }
  const path = join(dir, `release-${fixture.idx}.db`);
  copyFileSync(template, path);
  return path;
}

describe('upgrading a database written by an earlier release', () => {
  const latest = Math.max(...journal().entries.map((entry) => entry.idx));
  const fixtures = releaseFixtures();

  it('has the previous release to upgrade from', async () => {
    // The first release, and the one just before this one.
    expect(fixtures.map((fixture) => fixture.idx)).toEqual(expect.arrayContaining([0, 1]));
    expect(latest).toBeGreaterThan(0);
  });

  for (const fixture of fixtures.filter((f) => f.idx < latest)) {
    it(`keeps everything the release at migration ${fixture.idx} stored`, async () => {
      const path = releaseDatabase(fixture);
      const before = snapshot(path);
      const ranBefore = appliedDataMigrations(path);
      expect(Object.values(before.questions ?? {}).length).toBeGreaterThan(5);

      await upgrade(path);

      const ran = appliedDataMigrations(path).filter((name) => !ranBefore.includes(name));
      const changes = Object.assign({}, ...ran.map((name) => declaredChanges[name] ?? {}));
      expect(lostInUpgrade(before, snapshot(path), changes)).toEqual([]);
      // Upgrading again changes nothing: each data migration runs once.
      const once = snapshot(path);
      await upgrade(path);
      expect(snapshot(path)).toEqual(once);
    });
  }

  it('notices a lost row or a changed value (the check can fail)', async () => {
    const path = releaseDatabase(fixtures0());
    const before = snapshot(path);
    await upgrade(path);
    const after = snapshot(path);
    const sessions = { ...after.sessions };
    const [first] = Object.keys(sessions);
    if (first) delete sessions[first];
    expect(lostInUpgrade(before, { ...after, sessions })).not.toEqual([]);
    // Without the declared hashing, the hashed ticket tokens count as changed.
    expect(lostInUpgrade(before, after).some((l) => l.includes('ticket_token'))).toBe(true);
  });

  it('compares stored bytes by their content', async () => {
    const blob = (bytes: number[]) => ({ t: { '1': { b: Buffer.from(bytes) } } });
    expect(lostInUpgrade(blob([1, 2]), blob([1, 2]))).toEqual([]);
    expect(lostInUpgrade(blob([1, 2]), blob([1, 3]))).toHaveLength(1);
  });
});

describe('ticket links and sessions from earlier releases', () => {
  for (const fixture of releaseFixtures()) {
    it(`still open their question once stored hashed (release at migration ${fixture.idx})`, async () => {
      const path = releaseDatabase(fixture);
      const tokens = readFixtureJson<Record<string, string>>(
        fixture.file.replace(/\.sql$/, '.tokens.json'),
      );
      expect(Object.keys(tokens).length).toBeGreaterThan(3);
      await upgrade(path);
      process.env.DATABASE_PATH = path;
      resetEnvForTests();
      for (const [id, token] of Object.entries(tokens)) {
        expect((await getQuestionByTicket({ token }))?.id).toBe(Number(id));
      }
      // The clear tokens are gone from the database.
      const stored = (await getDb()).$client
        .prepare('select ticket_token from questions')
        .pluck()
        .all();
      for (const token of Object.values(tokens)) expect(stored).not.toContain(token);
      expect(await getQuestionByTicket({ token: 'x'.repeat(32) })).toBeUndefined();
    });

    it(`keeps sessions signed in across the upgrade (release at migration ${fixture.idx})`, async () => {
      const path = releaseDatabase(fixture);
      const sessionRows = snapshot(path).sessions ?? {};
      expect(Object.keys(sessionRows).length).toBeGreaterThan(0);
      await upgrade(path);
      process.env.DATABASE_PATH = path;
      resetEnvForTests();
      for (const row of Object.values(sessionRows)) {
        expect((await findSessionWithUser({ id: String(row.id) }))?.user.email).toMatch(
          /@example\.com$/,
        );
      }
    });
  }
});

describe('upgrading the release before the knowledge', () => {
  // The release just before it: the email outbox's (0010).
  const fixture = releaseFixtures().find((f) => f.idx === 10);

  it('has that release to upgrade from', async () => {
    expect(fixture).toBeDefined();
  });

  it('gains a working knowledge search, items with allergens not yet recorded, and runs that stay stale as before', async () => {
    if (!fixture) throw new Error('The release at migration 10 is missing.');
    const path = releaseDatabase(fixture);
    await upgrade(path);
    process.env.DATABASE_PATH = path;
    resetEnvForTests();
    const db = await getDb();
    // An upgrade adds no entries of its own: the owner's knowledge starts empty.
    expect(await searchKnowledge({ query: 'deliver', limit: 3 })).toEqual([]);
    const owner = db.$client.prepare("select id from users where role = 'owner'").get() as {
      id: number;
    };
    await addKnowledgeEntry({
      input: { title: 'Delivery', answer: 'Within 3 miles.', tags: ['delivery'], enabled: true },
      by: owner.id,
      now: new Date(),
    });
    expect(
      (await searchKnowledge({ query: 'could you deliver?', limit: 3 })).map((h) => h.title),
    ).toEqual(['Delivery']);
    // Nobody has checked the stored items' allergens yet: none is read as free of any.
    const items = db.$client
      .prepare('select allergens, may_contain, dietary from menu_items')
      .all();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item).toEqual({ allergens: null, may_contain: null, dietary: '[]' });
    // Runs stored before the record of what they read: stale after any change, as they were.
    const facts = await currentFacts();
    const drafted = await listInbox({ group: 'needsReview', page: 1, pageSize: 50 });
    expect(drafted.length).toBeGreaterThan(0);
    for (const row of drafted) {
      expect(row.run?.factsRead).toBeNull();
      expect(draftMarks({ status: row.status, run: row.run, ...facts }).stale).toBe(true);
    }
  });
});

describe('upgrading to the kept tab counts', () => {
  for (const fixture of releaseFixtures()) {
    it(`counts the questions the release at migration ${fixture.idx} stored, and keeps counting`, async () => {
      const path = releaseDatabase(fixture);
      await upgrade(path);
      process.env.DATABASE_PATH = path;
      resetEnvForTests();
      const sqlite = (await getDb()).$client;
      const scanned = () =>
        Object.fromEntries(
          (
            sqlite.prepare('select status, count(*) as n from questions group by status').all() as {
              status: string;
              n: number;
            }[]
          ).map((r) => [r.status, r.n]),
        );
      expect(Object.values(scanned()).reduce((a, b) => a + b, 0)).toBeGreaterThan(5);
      expect(await countQuestionsByStatus({})).toEqual(scanned());
      sqlite.prepare("update questions set status = 'discarded' where status = 'drafted'").run();
      expect(await countQuestionsByStatus({})).toEqual(scanned());
    });
  }
});

describe('upgrading to the dashboard figures kept per quarter hour', () => {
  type Kept = Record<string, number[]>;
  /** Per quarter hour and channel: questions, messages, runs, cost (to a billionth) and tokens. */
  const fromRows = (sqlite: Database.Database): Kept => {
    const kept: Kept = {};
    const add = (key: string, at: number, values: number[]) => {
      const row = kept[key] ?? [0, 0, 0, 0, 0, 0, 0, 0];
      kept[key] = row;
      for (const [i, value] of values.entries()) row[at + i] = (row[at + i] ?? 0) + value;
    };
    const questions = sqlite
      .prepare(
        'select received_at, channel, (select count(*) from messages m where m.question_id = q.id) as messages from questions q',
      )
      .all() as { received_at: number; channel: string; messages: number }[];
    for (const q of questions)
      add(`${Math.floor(q.received_at / 900_000)} ${q.channel}`, 0, [1, q.messages]);
    const runs = sqlite
      .prepare(
        `select a.finished_at, q.channel, a.cost_usd, a.input_tokens, a.output_tokens,
           a.cache_read_tokens, a.cache_write_tokens
         from agent_runs a join questions q on q.id = a.question_id`,
      )
      .raw()
      .all() as number[][];
    for (const [finishedAt, channel, ...figures] of runs)
      add(`${Math.floor(Number(finishedAt) / 900_000)} ${channel}`, 2, [1, ...figures.map(Number)]);
    return kept;
  };
  const read = (sqlite: Database.Database): Kept =>
    Object.fromEntries(
      (
        sqlite
          .prepare(
            `select quarter || ' ' || channel, questions, messages, runs, cost_usd, input_tokens,
               output_tokens, cache_read_tokens, cache_write_tokens from dashboard_quarter_hours`,
          )
          .raw()
          .all() as [string, ...number[]][]
      ).map(([key, ...figures]) => [key, figures]),
    );
  const rounded = (kept: Kept) =>
    Object.fromEntries(
      Object.entries(kept).map(([key, figures]) => [
        key,
        figures.map((n) => Math.round(n * 1e9) / 1e9),
      ]),
    );

  for (const fixture of releaseFixtures()) {
    it(`fills them from what the release at migration ${fixture.idx} stored, and keeps them`, async () => {
      const path = releaseDatabase(fixture);
      await upgrade(path);
      const sqlite = new Database(path);
      try {
        expect(Object.keys(fromRows(sqlite)).length).toBeGreaterThan(1);
        expect(rounded(read(sqlite))).toEqual(rounded(fromRows(sqlite)));
        sqlite.prepare("update questions set channel = 'email' where channel = 'web'").run();
        sqlite.prepare('delete from questions where id = (select max(id) from questions)').run();
        const kept = Object.fromEntries(
          Object.entries(read(sqlite)).filter(([, figures]) => figures.some((n) => n !== 0)),
        );
        expect(rounded(kept)).toEqual(rounded(fromRows(sqlite)));
      } finally {
        sqlite.close();
      }
    });
  }
});

describe('upgrading to the tools kept on the replies', () => {
  for (const fixture of releaseFixtures()) {
    it(`gives every reply the release at migration ${fixture.idx} stored its draft's tools`, async () => {
      const path = releaseDatabase(fixture);
      await upgrade(path);
      const sqlite = new Database(path);
      try {
        const rows = sqlite
          .prepare(
            `select r.run_tools as kept, (select group_concat(tool_name, ',') from
               (select distinct tool_name from tool_calls t where t.run_id = r.run_id order by tool_name)) as counted
             from replies r order by r.id`,
          )
          .all() as { kept: string | null; counted: string | null }[];
        expect(rows.some((row) => row.kept !== null)).toBe(true);
        expect(rows.map((row) => row.kept)).toEqual(rows.map((row) => row.counted));
      } finally {
        sqlite.close();
      }
    });
  }
});

describe('upgrading to edit classes kept on the replies', () => {
  for (const fixture of releaseFixtures()) {
    it(`gives every reply the release at migration ${fixture.idx} stored its class, and each new one its own`, async () => {
      const path = releaseDatabase(fixture);
      await upgrade(path);
      const sqlite = new Database(path);
      const classes = () =>
        (
          sqlite
            .prepare(
              `select r.edit_class as kept, r.edit_distance as distance, length(r.text) as sent,
                 coalesce(length(a.draft_text), 0) as draft
               from replies r left join agent_runs a on a.id = r.run_id order by r.id`,
            )
            .all() as { kept: string | null; distance: number; sent: number; draft: number }[]
        ).map((row) => ({
          kept: row.kept,
          counted: editClass({ distance: row.distance, length: Math.max(row.sent, row.draft) }),
        }));
      try {
        const upgraded = classes();
        expect(upgraded.length).toBeGreaterThan(1);
        expect(upgraded.map((row) => row.kept)).toEqual(upgraded.map((row) => row.counted));
        sqlite
          .prepare(
            `insert into replies (question_id, text, sent_by, sent_at, run_id, edited, edit_distance)
             select question_id, 'Yes, see you then.', sent_by, sent_at + 1, run_id, 1, 400 from replies
             where id = (select max(id) from replies)`,
          )
          .run();
        const added = classes().at(-1);
        expect(added).toEqual({ kept: 'rewritten', counted: 'rewritten' });
      } finally {
        sqlite.close();
      }
    });
  }
});

describe('upgrading to the first replies kept beside the questions', () => {
  for (const fixture of releaseFixtures()) {
    it(`finds each first reply the release at migration ${fixture.idx} stored, and keeps them`, async () => {
      const path = releaseDatabase(fixture);
      await upgrade(path);
      const sqlite = new Database(path);
      const kept = () =>
        sqlite
          .prepare(
            'select question_id, received_at, channel, sent_at, sent_by from first_replies order by question_id',
          )
          .all();
      const fromRows = () => {
        const replies = sqlite
          .prepare(
            `select r.question_id, q.received_at, q.channel, r.sent_at, r.sent_by
             from replies r join questions q on q.id = r.question_id order by r.sent_at, r.id`,
          )
          .all() as { question_id: number }[];
        const first = new Map<number, object>();
        for (const reply of replies)
          if (!first.has(reply.question_id)) first.set(reply.question_id, reply);
        return [...first.entries()].sort(([a], [b]) => a - b).map(([, reply]) => reply);
      };
      try {
        expect(kept().length).toBeGreaterThan(1);
        expect(kept()).toEqual(fromRows());
        sqlite.prepare('delete from replies where id = (select min(id) from replies)').run();
        sqlite.prepare("update questions set channel = 'email' where channel = 'web'").run();
        expect(kept()).toEqual(fromRows());
      } finally {
        sqlite.close();
      }
    });
  }
});

function fixtures0() {
  const fixture = releaseFixtures().find((f) => f.idx === 0);
  if (!fixture) throw new Error('The previous release fixture is missing.');
  return fixture;
}

describe('upgrading to the connections, the guided start and the team inbox', () => {
  const fixture = releaseFixtures().find((f) => f.idx === 17);

  it('has the release before them to upgrade from', () => {
    expect(fixture).toBeDefined();
  });

  it('does not send a bakery already running through the guided start, and stores no connection', async () => {
    if (!fixture) throw new Error('The release at migration 17 is missing.');
    const path = releaseDatabase(fixture);
    await upgrade(path);
    process.env.DATABASE_PATH = path;
    resetEnvForTests();
    const sqlite = (await getDb()).$client;
    expect(sqlite.prepare('select first_run from bakery').pluck().all()).toEqual(['done']);
    expect(sqlite.prepare('select count(*) from connections').pluck().get()).toBe(0);
    expect(sqlite.prepare('select count(*) from staff_invites').pluck().get()).toBe(0);
  });

  it('keeps every reply as sent and every conversation as it was, with nobody assigned and nothing held', async () => {
    if (!fixture) throw new Error('The release at migration 17 is missing.');
    const path = releaseDatabase(fixture);
    const before = new Database(path, { readonly: true });
    const replies = before
      .prepare('select id, question_id, text, sent_at from replies order by id')
      .all();
    const questions = before.prepare('select id, status, version from questions order by id').all();
    before.close();
    await upgrade(path);
    const after = new Database(path, { readonly: true });
    try {
      expect(replies.length).toBeGreaterThan(0);
      expect(
        after.prepare('select id, question_id, text, sent_at from replies order by id').all(),
      ).toEqual(replies);
      expect(after.prepare('select id, status, version from questions order by id').all()).toEqual(
        questions,
      );
      expect(
        after.prepare('select count(*) from replies where held_until is not null').pluck().get(),
      ).toBe(0);
      expect(
        after.prepare('select count(*) from questions where assignee_id is not null').pluck().get(),
      ).toBe(0);
      expect(after.prepare('select distinct preferences from users').pluck().all()).toEqual(['{}']);
      expect(after.prepare('select assign_on_open, undo_send_seconds from bakery').get()).toEqual({
        assign_on_open: 0,
        undo_send_seconds: 10,
      });
      for (const table of ['conversation_notes', 'snippets', 'labels', 'conversation_labels'])
        expect(after.prepare(`select count(*) from ${table}`).pluck().get(), table).toBe(0);
    } finally {
      after.close();
    }
  });
});

describe('upgrading to customer feedback on replies', () => {
  const fixture = releaseFixtures().find((f) => f.idx === 19);

  it('has the release before it to upgrade from', () => {
    expect(fixture).toBeDefined();
  });

  it('starts with no answers, every sent message kept, and takes an answer for one', async () => {
    if (!fixture) throw new Error('The release at migration 19 is missing.');
    const path = releaseDatabase(fixture);
    await upgrade(path);
    const sqlite = new Database(path);
    try {
      expect(sqlite.prepare('select count(*) from reply_feedback').pluck().get()).toBe(0);
      const sent = sqlite
        .prepare("select id, question_id from messages where author = 'bakery' limit 1")
        .get() as { id: number; question_id: number } | undefined;
      if (!sent) throw new Error('The release sent no reply.');
      const answer = sqlite.prepare(
        'insert into reply_feedback (message_id, question_id, answer, comment, answered_at, changed_at) values (?, ?, ?, ?, 1, 1)',
      );
      expect(() => answer.run(sent.id, sent.question_id, 'no', 'x'.repeat(1001))).toThrow(/CHECK/);
      answer.run(sent.id, sent.question_id, 'no', 'Too vague');
      expect(() => answer.run(sent.id, sent.question_id, 'yes', null)).toThrow(/UNIQUE/);
    } finally {
      sqlite.close();
    }
  });
});
