import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { ERASED_NAME, ERASED_TEXT } from '@/lib/retention/retention';
import { databaseAtMigration, loadRows, readFixtureJson, releaseFixtures } from './migrations';

/**
 * A database as a release left it after a busy while: the release's own rows (its fixture,
 * written by that release's code) and, generated from them, `questions` more conversations in
 * every state the fixture holds (queued, waiting to retry, mid-lease, drafted, failed, sent,
 * discarded), each with copies of its runs, tool calls and replies, plus some erased by the
 * retention period. Every generated question gets a ticket link of its own.
 */
export type ReleaseData = {
  /** Ticket tokens by question id, for every question whose link is known. */
  tokens: Record<string, string>;
};

type Row = Record<string, unknown>;

function insert(db: Database.Database, table: string, row: Row): number {
  const columns = Object.keys(row);
  const sql = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns
    .map(() => '?')
    .join(', ')})`;
  return Number(db.prepare(sql).run(...columns.map((c) => row[c])).lastInsertRowid);
}

export function fillReleaseDatabase(
  path: string,
  { idx, questions }: { idx: number; questions: number },
): ReleaseData {
  const fixture = releaseFixtures().find((f) => f.idx === idx);
  if (!fixture) throw new Error(`No fixture for the release at migration ${idx}.`);
  databaseAtMigration(path, idx);
  loadRows(path, fixture.sql);
  const tokens: Record<string, string> = {
    ...readFixtureJson<Record<string, string>>(fixture.file.replace(/\.sql$/, '.tokens.json')),
  };
  const db = new Database(path);
  try {
    const templates = db
      .prepare("select * from questions where channel != 'sample'")
      .all() as Row[];
    const runsOf = db.prepare('select * from agent_runs where question_id = ? order by id');
    const callsOf = db.prepare('select * from tool_calls where run_id = ? order by seq');
    const repliesOf = db.prepare('select * from replies where question_id = ? order by id');
    db.transaction(() => {
      for (let n = 0; n < questions; n++) {
        const template = templates[n % templates.length] as Row;
        const token = randomBytes(24).toString('base64url');
        const { id: templateId, ...question } = template;
        const id = insert(db, 'questions', {
          ...question,
          text: `${String(question.text)} (conversation ${n + 1})`,
          customer_name: `Generated customer ${n + 1}`,
          external_id: question.external_id === null ? null : `${question.external_id}-gen-${n}`,
          ticket_token: createHash('sha256').update(token).digest('hex'),
          draft_run_id: null,
        });
        tokens[String(id)] = token;
        const runIds = new Map<number, number>();
        for (const run of runsOf.all(templateId) as Row[]) {
          const { id: runId, ...rest } = run;
          const copy = insert(db, 'agent_runs', { ...rest, question_id: id });
          runIds.set(Number(runId), copy);
          for (const call of callsOf.all(runId) as Row[]) {
            const { id: _callId, ...callRest } = call;
            insert(db, 'tool_calls', { ...callRest, run_id: copy });
          }
        }
        if (template.draft_run_id !== null) {
          db.prepare('update questions set draft_run_id = ? where id = ?').run(
            runIds.get(Number(template.draft_run_id)) ?? null,
            id,
          );
        }
        for (const reply of repliesOf.all(templateId) as Row[]) {
          const { id: _replyId, ...replyRest } = reply;
          insert(db, 'replies', {
            ...replyRest,
            question_id: id,
            text: `${String(reply.text)} (reply ${n + 1})`,
            run_id: reply.run_id === null ? null : (runIds.get(Number(reply.run_id)) ?? null),
          });
        }
      }
      // Closed conversations the retention period has already erased, as that release erased them.
      const erased = db
        .prepare(
          "select id from questions where status in ('sent', 'discarded') and channel != 'sample' order by id desc limit 10",
        )
        .pluck()
        .all() as number[];
      for (const id of erased) {
        db.prepare(
          'update questions set text = ?, customer_name = ?, customer_email = null, external_id = null, draft_text = null, discard_reason = null, last_error = null, erased_at = received_at + 86400000 where id = ?',
        ).run(ERASED_TEXT, ERASED_NAME, id);
        db.prepare('update replies set text = ? where question_id = ?').run(ERASED_TEXT, id);
      }
    })();
  } finally {
    db.close();
  }
  return { tokens };
}
