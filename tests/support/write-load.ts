// A second process that writes to a desk database as fast as it can, for backups under load:
// each transaction adds a question, its drafting run and three tool calls, so a consistent copy
// holds every such group whole or not at all. Prints each committed count on its own line.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';

const path = process.argv[2];
if (!path) throw new Error('Usage: write-load.ts <database>');
const db = new Database(path);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 5000');

const insertQuestion = db.prepare(
  `insert into questions (text, customer_name, channel, ticket_token, status, received_at, updated_at)
   values (?, 'Load', 'api', ?, 'drafted', ?, ?)`,
);
const insertRun = db.prepare(
  `insert into agent_runs (question_id, model, stop_kind, draft_text, facts_version, started_at, finished_at)
   values (?, 'offline drafter', 'answered', ?, 1, ?, ?)`,
);
const insertCall = db.prepare(
  `insert into tool_calls (run_id, seq, turn, call_id, tool_name, input, result, is_error, duration_ms)
   values (?, ?, 1, ?, 'menu_item', '{}', 'found', 0, 1)`,
);
const setDraft = db.prepare('update questions set draft_run_id = ? where id = ?');

const group = db.transaction((n: number) => {
  const now = Date.now();
  const question = insertQuestion.run(`load ${n}`, randomBytes(32).toString('hex'), now, now);
  const run = insertRun.run(question.lastInsertRowid, `draft ${n}`, now, now);
  for (let seq = 0; seq < 3; seq++) insertCall.run(run.lastInsertRowid, seq, `c${seq}`);
  setDraft.run(run.lastInsertRowid, question.lastInsertRowid);
});

let n = 0;
function batch(): void {
  for (let i = 0; i < 20; i++) group(++n);
  process.stdout.write(`${n}\n`);
  setImmediate(batch);
}
batch();
