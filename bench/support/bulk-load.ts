import type Database from 'better-sqlite3';

/**
 * Fills a migrated database with `count` questions in one transaction, with prepared
 * better-sqlite3 statements, fast enough for 100,000. The mix resembles a desk that has been
 * open a while: most questions drafted (each with its run and two tool calls), some sent with
 * a reply (each conversation's messages with them), some queued, failed or discarded, received a minute apart.
 */
export function loadQuestions(
  sqlite: Database.Database,
  { count, sentBy, now = Date.now() }: { count: number; sentBy: number; now?: number },
): void {
  const question = sqlite.prepare(
    `insert into questions (text, customer_name, customer_email, channel, external_id,
       ticket_token, status, received_at, last_message_at, updated_at, attempts, draft_text,
       last_error, discard_reason)
     values (?, ?, ?, 'api', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const run = sqlite.prepare(
    `insert into agent_runs (question_id, model, stop_kind, draft_text, turns, input_tokens,
       output_tokens, cost_usd, facts_version, started_at, finished_at)
     values (?, 'offline drafter', 'answered', ?, 2, 1200, 150, 0, 1, ?, ?)`,
  );
  const call = sqlite.prepare(
    `insert into tool_calls (run_id, seq, turn, call_id, tool_name, input, result, is_error,
       duration_ms)
     values (?, ?, 1, ?, ?, ?, ?, 0, 1)`,
  );
  const linkRun = sqlite.prepare('update questions set draft_run_id = ? where id = ?');
  const reply = sqlite.prepare(
    `insert into replies (question_id, text, sent_by, sent_at, run_id, edited, edit_distance)
     values (?, ?, ?, ?, ?, 0, 0)`,
  );
  const message = sqlite.prepare(
    `insert into messages (question_id, author, channel, text, external_id, reply_id, at)
     values (?, ?, 'api', ?, ?, ?, ?)`,
  );

  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = now - (count - i) * 60_000;
      const status = statusFor(i);
      const text = `Can I pick up ${(i % 24) + 1} sourdough rolls on Saturday at 9? (question ${i})`;
      const draft = `Yes: ${(i % 24) + 1} sourdough rolls are $${((i % 24) + 1) * 1.5}; we open at 8 on Saturday.`;
      const drafted = status === 'drafted' || status === 'sent';
      const questionId = question.run(
        text,
        `Customer ${i}`,
        i % 3 === 0 ? null : `customer${i}@example.com`,
        `bulk-${i}`,
        `bulk-token-${i}-${(i * 2654435761) % 4294967296}`,
        status,
        at,
        at,
        at,
        status === 'queued' ? 0 : 1,
        drafted ? draft : null,
        status === 'failed' ? 'The Claude request failed: 529 overloaded_error' : null,
        status === 'discarded' ? 'spam' : null,
      ).lastInsertRowid;
      message.run(questionId, 'customer', text, `bulk-${i}`, null, at);
      if (!drafted) continue;
      const runId = run.run(questionId, draft, at + 1_000, at + 3_000).lastInsertRowid;
      call.run(runId, 0, 'c1', 'menu_item', '{"name":"sourdough rolls"}', '{"price":"$1.50"}');
      call.run(runId, 1, 'c2', 'opening_hours', '{"day":"saturday"}', '{"opens":"08:00"}');
      linkRun.run(runId, questionId);
      if (status === 'sent') {
        const replyId = reply.run(questionId, draft, sentBy, at + 60_000, runId).lastInsertRowid;
        message.run(questionId, 'bakery', draft, null, replyId, at + 60_000);
      }
    }
  })();
}

/** Seven in ten drafted, one sent, one queued, half failed and half discarded. */
function statusFor(i: number): 'queued' | 'drafted' | 'failed' | 'sent' | 'discarded' {
  const slot = i % 20;
  if (slot < 2) return 'queued';
  if (slot === 2) return 'failed';
  if (slot === 3) return 'discarded';
  if (slot < 6) return 'sent';
  return 'drafted';
}
