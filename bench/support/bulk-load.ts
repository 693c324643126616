import type Database from 'better-sqlite3';

/**
 * Fills a migrated database with `count` questions in one transaction, with prepared
 * better-sqlite3 statements, fast enough for 100,000. The mix resembles a desk that has been
 * open a while: most questions drafted (each with its run and two tool calls), some sent with
 * a reply (each conversation's messages with them), some queued, failed or discarded, received
 * `spacingMs` apart (a minute unless given), the newest just before `now`.
 */
export function loadQuestions(
  sqlite: Database.Database,
  {
    count,
    sentBy,
    now = Date.now(),
    spacingMs = 60_000,
  }: { count: number; sentBy: number; now?: number; spacingMs?: number },
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
      const at = now - (count - i) * spacingMs;
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

/**
 * One long conversation, the newest in the inbox: a customer and the bakery writing back and
 * forth (`messages` in all, each bakery message a sent reply drafted by its own run), ending
 * with the customer writing twice and a fresh draft waiting for review. Returns its id.
 */
export function loadConversation(
  sqlite: Database.Database,
  { messages, sentBy, now = Date.now() }: { messages: number; sentBy: number; now?: number },
): number {
  const first = now - messages * 5 * 60_000;
  return sqlite.transaction(() => {
    const opening = 'Could you make a birthday cake for 20 people, half of it without nuts?';
    const questionId = Number(
      sqlite
        .prepare(
          `insert into questions (text, customer_name, customer_email, channel, external_id,
             ticket_token, status, received_at, last_message_at, updated_at, attempts)
           values (?, 'Long Conversation', 'long@example.com', 'api', 'bulk-long',
             'bulk-token-long', 'drafted', ?, ?, ?, 1)`,
        )
        .run(opening, first, now, now).lastInsertRowid,
    );
    const message = sqlite.prepare(
      `insert into messages (question_id, author, channel, text, external_id, reply_id, at)
       values (?, ?, 'api', ?, ?, ?, ?)`,
    );
    const run = sqlite.prepare(
      `insert into agent_runs (question_id, model, stop_kind, draft_text, turns, input_tokens,
         output_tokens, cost_usd, facts_version, answered_message_id, messages_read, started_at,
         finished_at)
       values (?, 'offline drafter', 'answered', ?, 2, 1200, 150, 0, 1, ?, ?, ?, ?)`,
    );
    const call = sqlite.prepare(
      `insert into tool_calls (run_id, seq, turn, call_id, tool_name, input, result, is_error,
         duration_ms)
       values (?, ?, 1, ?, ?, ?, ?, 0, 1)`,
    );
    const reply = sqlite.prepare(
      `insert into replies (question_id, text, sent_by, sent_at, run_id, edited, edit_distance)
       values (?, ?, ?, ?, ?, 0, 0)`,
    );
    const drafted = (answered: number, count: number, at: number, text: string) => {
      const runId = Number(
        run.run(questionId, text, answered, count, at, at + 2_000).lastInsertRowid,
      );
      call.run(runId, 0, 'c1', 'menu_item', '{"name":"birthday cake"}', '{"price":"$45.00"}');
      call.run(runId, 1, 'c2', 'opening_hours', '{"day":"saturday"}', '{"opens":"08:00"}');
      return runId;
    };
    let lastCustomer = 0;
    for (let i = 0; i < messages; i++) {
      const at = i === messages - 1 ? now : first + i * 5 * 60_000;
      // Back and forth, except that the customer writes the last two.
      const fromCustomer = i % 2 === 0 || i === messages - 1;
      if (fromCustomer) {
        const text = i === 0 ? opening : `And could it say “Happy birthday, Sam” in blue? (${i})`;
        lastCustomer = Number(
          message.run(questionId, 'customer', text, `bulk-long-${i}`, null, at).lastInsertRowid,
        );
        continue;
      }
      const text = `Yes: we can write that in blue icing; a 20-person cake is $45. (${i})`;
      const runId = drafted(lastCustomer, i, at - 60_000, text);
      const replyId = Number(reply.run(questionId, text, sentBy, at, runId).lastInsertRowid);
      message.run(questionId, 'bakery', text, null, replyId, at);
    }
    const draft = 'Yes, both are fine: we will have it ready on Saturday from 8.';
    const runId = drafted(lastCustomer, messages, now + 1_000, draft);
    sqlite
      .prepare('update questions set draft_run_id = ?, draft_text = ? where id = ?')
      .run(runId, draft, questionId);
    return questionId;
  })();
}
