import Database from 'better-sqlite3';
import { addDays, zonedInstant } from '../../lib/agent/bakery/calendar';

/**
 * A desk's history with figures known by construction, for the dashboard's tests (SQL in
 * tests/db/insights.test.ts, the page in e2e/admin-dashboard.spec.ts). Ten days of the example
 * bakery (America/New_York; open Tuesday to Friday 07:00–15:00, Saturday 08:00–13:00, closed
 * Sunday and Monday), 2026-11-10 (a Tuesday) to 2026-11-19:
 *
 * - day d has n = [2, 3, 4, 5, 6, 2, 3, 4, 5, 6][d] questions (40 in all); question k of a day
 *   arrives at 08:00 + k hours, by web when k is even and by the API when k is odd;
 * - every question but the day's last is answered (30 replies), after (k + 1) × 25 minutes, by
 *   the staff member when k is even and by the owner when k is odd; the last is discarded on
 *   the first five days and left drafted on the last five;
 * - edit distance, of drafts and replies 100 characters long, by k: 0, 10, 0, 50, 20
 *   (unchanged, light, unchanged, rewritten, light);
 * - each question has one run, finished a minute after it arrived: $0.05 for an answered one,
 *   $0.12 for the day's last; the answered ones read 3,000 tokens from the cache, the last
 *   writes 1,000; all send 1,000 input and 200 output tokens;
 * - runs look up `menu_item` and `quote_order` when k is even, `opening_hours` when odd; the
 *   first question of the first two days asked for croissants, which the menu lacks;
 * - the last question of days 5 to 9 is marked for a person (allergens, allergens, delivery,
 *   customOrder, allergens), and so is day 9's first (complaint);
 * - every question is its conversation's first customer message and every reply a bakery
 *   message; the last question of day 5 has a follow-up from the customer (4 messages that day);
 * - the daily budget is $0.30;
 * - customers answer "Did this answer your question?" two hours after the reply by k: yes, no,
 *   yes, none, yes (18 yes and 8 no in all); three add a comment: day 0's k = 0 (yes), day 3's
 *   k = 1 (no, with markup in it) and day 4's k = 4 (yes, its answer changed a day later).
 *
 * e2e/admin-dashboard.spec.ts spells out what the dashboard must show for it.
 */

export const fixtureRange = { from: '2026-11-10', to: '2026-11-19' } as const;
export const fixtureTimeZone = 'America/New_York';
export const questionsPerDay = [2, 3, 4, 5, 6, 2, 3, 4, 5, 6] as const;
const editDistances = [0, 10, 0, 50, 20] as const;
const discardReasons = [
  'Spam',
  'spam ',
  'Duplicate of another question',
  'Spam',
  'Customer called instead',
];
const feedbackAnswers = ['yes', 'no', 'yes', null, 'yes'] as const;
const feedbackComments = [
  { day: 0, k: 0, text: 'Lovely, thank you!', changedLater: false },
  { day: 3, k: 1, text: 'You did not say whether the rye has <nuts> in it.', changedLater: false },
  { day: 4, k: 4, text: 'It did, once I read it twice.', changedLater: true },
] as const;
const lastMarks = ['allergens', 'allergens', 'delivery', 'customOrder', 'allergens'] as const;

const hundred = (word: string) => word.repeat(Math.ceil(100 / word.length)).slice(0, 100);

/**
 * Runs one statement with `?` placeholders and answers its rows (an insert's `returning`): the
 * desk's own connection on either engine in vitest (`sqlRows` of tests/support/sql.ts), or a
 * SQLite file another process serves (`fillInsightsFixtureFile`).
 */
export type FixtureSql = (text: string, ...params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Fills the database `run` reaches; booleans are written into the SQL, as both engines read them. */
export async function fillInsightsFixture(
  run: FixtureSql,
  people: { staffId: number; ownerId: number },
): Promise<void> {
  const idOf = async (text: string, ...params: unknown[]) => {
    const [row] = await run(`${text} returning id`, ...params);
    return Number(row?.id);
  };
  const bool = (value: boolean) => (value ? 'true' : 'false');
  const insertQuestion = (...params: unknown[]) =>
    idOf(
      `insert into questions (text, customer_name, customer_email, channel, external_id, ticket_token,
         status, received_at, updated_at, attempts, draft_text, discard_reason)
       values (?, ?, null, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
      ...params,
    );
  const insertRun = (...params: unknown[]) =>
    idOf(
      `insert into agent_runs (question_id, model, stop_kind, draft_text, turns, input_tokens,
         output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, needs_person_reason,
         needs_person_note, facts_version, started_at, finished_at)
       values (?, 'claude-test', 'answered', ?, 2, 1000, 200, ?, ?, ?, ?, ?, 1, ?, ?)`,
      ...params,
    );
  const insertCall = (isError: boolean, ...params: unknown[]) =>
    run(
      `insert into tool_calls (run_id, seq, turn, call_id, tool_name, input, result, is_error,
         error_kind, duration_ms)
       values (?, ?, 1, ?, ?, ?, '{}', ${bool(isError)}, ?, 1)`,
      ...params,
    );
  const linkRun = (runId: number, questionId: number) =>
    run('update questions set draft_run_id = ? where id = ?', runId, questionId);
  const insertMessage = (...params: unknown[]) =>
    idOf(
      `insert into messages (question_id, author, channel, text, reply_id, at)
       values (?, ?, ?, ?, ?, ?)`,
      ...params,
    );
  const insertReply = (edited: boolean, ...params: unknown[]) =>
    idOf(
      `insert into replies (question_id, text, sent_by, sent_at, run_id, edited, edit_distance)
       values (?, ?, ?, ?, ?, ${bool(edited)}, ?)`,
      ...params,
    );
  const insertFeedback = (...params: unknown[]) =>
    run(
      `insert into reply_feedback (message_id, question_id, answer, comment, answered_at, changed_at)
       values (?, ?, ?, ?, ?, ?)`,
      ...params,
    );
  await run('update bakery set daily_budget_cents = 30');
  for (const [day, n] of questionsPerDay.entries()) {
    const date = addDays(fixtureRange.from, day);
    for (let k = 0; k < n; k++) {
      const receivedAt = zonedInstant(
        date,
        `${String(8 + k).padStart(2, '0')}:00`,
        fixtureTimeZone,
      ).getTime();
      const last = k === n - 1;
      const status = !last ? 'sent' : day < 5 ? 'discarded' : 'drafted';
      const draft = hundred(`Draft ${day}-${k}. `);
      const questionId = await insertQuestion(
        `Question ${k + 1} of ${date}`,
        `Customer ${day}-${k}`,
        k % 2 === 0 ? 'web' : 'api',
        `fixture-${day}-${k}`,
        `fixture-ticket-${day}-${k}`,
        status,
        receivedAt,
        receivedAt,
        draft,
        status === 'discarded' ? (discardReasons[day] ?? null) : null,
      );
      const channel = k % 2 === 0 ? 'web' : 'api';
      await insertMessage(
        questionId,
        'customer',
        channel,
        `Question ${k + 1} of ${date}`,
        null,
        receivedAt,
      );
      if (last && day === 5) {
        await insertMessage(
          questionId,
          'customer',
          channel,
          'And one more thing.',
          null,
          receivedAt + 1_800_000,
        );
      }
      const mark =
        last && day >= 5 ? lastMarks[day - 5] : day === 9 && k === 0 ? 'complaint' : null;
      const runId = await insertRun(
        questionId,
        draft,
        last ? 0 : 3000,
        last ? 1000 : 0,
        last ? 0.12 : 0.05,
        mark ?? null,
        mark ? 'Check this one.' : null,
        receivedAt + 30_000,
        receivedAt + 60_000,
      );
      const tools = k % 2 === 0 ? ['menu_item', 'quote_order'] : ['opening_hours'];
      for (const [seq, tool] of tools.entries()) {
        const croissants = tool === 'menu_item' && k === 0 && day < 2;
        await insertCall(
          croissants,
          runId,
          seq,
          `call-${seq}`,
          tool,
          croissants ? JSON.stringify({ name: day === 0 ? 'croissants' : 'Croissant' }) : '{}',
          croissants ? 'notFound' : null,
        );
      }
      await linkRun(runId, questionId);
      if (status !== 'sent') continue;
      const distance = editDistances[k] ?? 0;
      const sentAt = receivedAt + (k + 1) * 25 * 60_000;
      const reply = hundred(`Reply ${day}-${k}. `);
      const replyId = await insertReply(
        distance > 0,
        questionId,
        reply,
        k % 2 === 0 ? people.staffId : people.ownerId,
        sentAt,
        runId,
        distance,
      );
      const messageId = await insertMessage(questionId, 'bakery', channel, reply, replyId, sentAt);
      const answer = feedbackAnswers[k];
      if (!answer) continue;
      const comment = feedbackComments.find((c) => c.day === day && c.k === k);
      const answeredAt = sentAt + 2 * 3_600_000;
      await insertFeedback(
        messageId,
        questionId,
        answer,
        comment?.text ?? null,
        answeredAt,
        answeredAt + (comment?.changedLater ? 24 * 3_600_000 : 0),
      );
    }
  }
}

/** The same history written into the SQLite file of a desk another process serves (e2e). */
export async function fillInsightsFixtureFile(
  databasePath: string,
  people: { staffId: number; ownerId: number },
): Promise<void> {
  const sqlite = new Database(databasePath);
  sqlite.pragma('busy_timeout = 5000');
  try {
    sqlite.exec('begin immediate');
    await fillInsightsFixture(async (text, ...params) => {
      const statement = sqlite.prepare(text);
      if (!statement.reader) {
        statement.run(...params);
        return [];
      }
      return statement.all(...params) as Record<string, unknown>[];
    }, people);
    sqlite.exec('commit');
  } finally {
    if (sqlite.inTransaction) sqlite.exec('rollback');
    sqlite.close();
  }
}
