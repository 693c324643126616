import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { openDatabase } from '@/db/client';
import { fillReleaseDatabase } from './release-data';

/** The last release with a stored fixture (tests/migrations/fixtures). */
const LATEST_FIXTURE = 13;

const DAY = 86_400_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A desk at the latest migration with rows in every table: the last stored release's own rows
 * and `questions` more conversations in every state (tests/support/release-data.ts), migrated
 * by the desk's own code, then what that release's fixture leaves empty (date exceptions, fact
 * changes, ticket links, emails out and in, the mail servers' health, two-factor sign-in,
 * failed sign-ins), with the awkward values a real desk holds: text beyond ASCII, bytes that
 * are not text, JSON written with its keys in no particular order.
 */
export async function fillWholeDesk(path: string, { questions }: { questions: number }) {
  fillReleaseDatabase(path, { idx: LATEST_FIXTURE, questions });
  (await openDatabase({ path, seed: false })).$client.close();

  const db = new Database(path);
  try {
    db.transaction(() => {
      const now = Date.UTC(2026, 10, 20, 15, 0, 0);
      db.prepare(
        "insert into date_exceptions (date, closed, opens, closes, note) values ('2026-12-24', 0, '08:00', '12:00', 'Heiligabend – kurz 🎄'), ('2026-12-25', 1, null, null, null)",
      ).run();
      db.prepare(
        "insert into fact_changes (key, facts_version) values ('*', 2), ('date:2026-12-24', 3), ('menu', 2), ('item:pain au chocolat', 3)",
      ).run();
      db.prepare('update bakery set facts_version = 3').run();

      // The release's generated conversations came without messages: each gets the customer's
      // message and, for every reply sent, the bakery's, as the desk writes them.
      const silent = db
        .prepare(
          `select id, text, channel, received_at from questions q
           where not exists (select 1 from messages m where m.question_id = q.id)`,
        )
        .all() as { id: number; text: string; channel: string; received_at: number }[];
      const message = db.prepare(
        'insert into messages (question_id, author, channel, text, reply_id, at) values (?, ?, ?, ?, ?, ?)',
      );
      const repliesTo = db.prepare(
        'select id, text, sent_at from replies where question_id = ? order by id',
      );
      for (const question of silent) {
        message.run(
          question.id,
          'customer',
          question.channel,
          question.text,
          null,
          question.received_at,
        );
        const answers = repliesTo.all(question.id) as {
          id: number;
          text: string;
          sent_at: number;
        }[];
        for (const reply of answers) {
          message.run(question.id, 'bakery', question.channel, reply.text, reply.id, reply.sent_at);
        }
        db.prepare('update questions set last_message_at = ? where id = ?').run(
          question.received_at,
          question.id,
        );
      }

      const questionIds = db
        .prepare('select id from questions order by id')
        .pluck()
        .all() as number[];
      const token = db.prepare(
        'insert into ticket_tokens (question_id, hash, created_at) values (?, ?, ?)',
      );
      for (const id of questionIds.filter((_, n) => n % 3 === 0)) {
        token.run(id, sha256(randomBytes(24).toString('base64url')), now - id * 1000);
      }
      const replacedLink = db.prepare(
        'insert into replaced_ticket_links (question_id, hash, replaced_at) values (?, ?, ?)',
      );
      for (const id of questionIds.filter((_, n) => n % 5 === 0)) {
        replacedLink.run(id, sha256(randomBytes(24).toString('base64url')), now - id * 500);
      }

      const replies = db
        .prepare(
          `select r.id, r.question_id, r.sent_at from replies r join questions q on q.id = r.question_id
           where q.erased_at is null order by r.id limit 12`,
        )
        .all() as { id: number; question_id: number; sent_at: number }[];
      const outbox = db.prepare(
        `insert into email_outbox (question_id, reply_id, email_message_id, to_address, subject,
           in_reply_to, "references", ticket_token, status, attempts, not_before, last_error,
           server_response, created_at, updated_at, sent_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const statuses = ['sent', 'queued', 'failed', 'sending'] as const;
      replies.forEach((reply, n) => {
        const status = statuses[n % statuses.length];
        outbox.run(
          reply.question_id,
          reply.id,
          `reply-${reply.id}@bakery.example`,
          `customer${n}@example.com`,
          n % 2 === 0 ? 'Re: Your question to Crumb & Co.' : 'Re: Torte für Samstag – geht das?',
          n % 2 === 0 ? `ask-${n}@mail.example.com` : null,
          n % 2 === 0 ? `older-${n}@mail.example.com ask-${n}@mail.example.com` : null,
          status === 'sent' ? null : randomBytes(24).toString('base64url'),
          status,
          status === 'queued' ? 0 : 1 + (n % 3),
          status === 'failed' ? reply.sent_at + 60_000 : null,
          status === 'failed' ? '550 5.1.1 mailbox unavailable' : null,
          status === 'sent' ? '250 2.0.0 OK queued as 9F1C' : null,
          reply.sent_at,
          reply.sent_at + 5000,
          status === 'sent' ? reply.sent_at + 5000 : null,
        );
      });

      const messages = db
        .prepare(
          "select id, question_id from messages where author = 'customer' order by id limit 6",
        )
        .all() as { id: number; question_id: number }[];
      const inbound = db.prepare(
        `insert into inbound_emails (key, outcome, reason, question_id, message_id, from_address,
           subject, attachments, raw, size, received_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      messages.forEach((message, n) => {
        // Mail is bytes, not text: a Latin-1 body and a NUL byte must come back as they went in.
        const raw = Buffer.concat([
          Buffer.from(`Message-ID: <in-${n}@mail.example.com>\r\nSubject: Kuchen\r\n\r\n`),
          Buffer.from([0xe4, 0xf6, 0xfc, 0x00, 0xff, 0x0d, 0x0a]),
        ]);
        inbound.run(
          `in-${n}@mail.example.com`,
          n === 0 ? 'question' : 'follow-up',
          null,
          message.question_id,
          message.id,
          `customer${n}@example.com`,
          'Kuchen für Samstag',
          // Written with "size" first: PostgreSQL's jsonb keeps keys in its own order.
          n % 2 === 0 ? '[{"size":20480,"name":"torte.jpg"}]' : '[]',
          raw,
          raw.length,
          now - n * DAY,
        );
      });
      inbound.run(
        `sha256:${sha256('auto-reply')}`,
        'not a question',
        'An automatic reply (Auto-Submitted: auto-replied)',
        null,
        null,
        'mailer-daemon@example.com',
        'Out of office',
        '[]',
        Buffer.from('Auto-Submitted: auto-replied\r\n\r\nAway until Monday.\r\n'),
        44,
        now,
      );

      // An email that failed to be taken twice, still waiting for its third attempt.
      db.prepare(
        `insert into inbound_email_attempts (key, attempts, last_error, last_attempt_at)
         values (?, ?, ?, ?)`,
      ).run('INBOX:1700000000:42', 2, 'the database was busy', now - 60_000);
      // A stranger's email that named a customer's conversation, and one with a failed sender.
      const [mentioned, mentioning] = messages.map((message) => message.question_id);
      db.prepare(
        'update questions set mentions_question_id = ?, sender_not_verified = 1 where id = ?',
      ).run(mentioned, mentioning);

      db.prepare(
        `insert into mail_channels (name, last_ok_at, last_error, last_error_at)
         values ('smtp', ?, null, null), ('imap', ?, 'Invalid credentials (Failure)', ?)`,
      ).run(now, now - DAY, now - 3_600_000);

      const [owner] = db.prepare('select id from users order by id').pluck().all() as number[];
      if (owner === undefined) throw new Error('The fixture has no account.');
      // Connections the owner made in Settings (the secrets sealed: bytes no copy may change)
      // and an invite still waiting for its colleague; the guided start still to do.
      db.prepare(
        `insert into connections (name, settings, sealed_secret, secret_ending, updated_at, updated_by)
         values ('model', ?, ?, 'wxyz', ?, ?), ('imap', ?, null, null, ?, null)`,
      ).run(
        JSON.stringify({
          provider: 'openai-compatible',
          model: 'llama-3.1-8b',
          baseUrl: 'http://127.0.0.1:1/v1',
        }),
        `v1.${randomBytes(12).toString('base64url')}.${randomBytes(16).toString('base64url')}.${randomBytes(40).toString('base64url')}`,
        now - DAY,
        owner,
        JSON.stringify({
          host: 'imap.bäckerei.example',
          port: 993,
          security: 'tls',
          user: 'desk',
          folder: 'INBOX',
        }),
        now,
      );
      db.prepare(
        `insert into staff_invites (token_hash, email, name, role, created_by, created_at, expires_at, accepted_at, revoked_at)
         values (?, 'zoë@bakery.example', 'Zoë Ñúñez', 'staff', ?, ?, ?, null, null),
                (?, 'old@bakery.example', 'Old Invite', 'owner', ?, ?, ?, ?, null)`,
      ).run(
        sha256('invite-1'),
        owner,
        now,
        now + 7 * DAY,
        sha256('invite-2'),
        owner,
        now - 9 * DAY,
        now - 2 * DAY,
        now - 8 * DAY,
      );
      db.prepare("update bakery set first_run = 'pending', backup_time = '04:30'").run();
      // Backups the desk took and checked: one daily that passed, one before a migration that
      // failed its check.
      db.prepare(
        `insert into backup_runs (reason, day, started_at, finished_at, file, size_bytes, ok, problem, table_rows)
         values ('daily', '2026-11-20', ?, ?, '/srv/bakery-desk/data/backups/desk-20261120-0430-daily.db', 524288, 1, null, ?),
                ('migration', null, ?, ?, '/srv/bakery-desk/data/backups/desk-20261119-0900-migration.db', null, 0, 'the disk is full', null)`,
      ).run(
        now - 3_600_000,
        now - 3_599_000,
        JSON.stringify({ questions: 1012, bakery: 1, weekly_hours: 7 }),
        now - DAY,
        now - DAY + 2_000,
      );
      // The team's own: a note, snippets (one shared), labels on a conversation, an assignee,
      // someone's preferences and a reply still held for its sender to undo.
      const [noted, labelled] = messages.map((message) => message.question_id);
      db.prepare(
        'insert into conversation_notes (question_id, author_id, text, at) values (?, ?, ?, ?)',
      ).run(noted, owner, 'Called her back: she wants them sliced ✂️', now - 3_600_000);
      db.prepare(
        `insert into snippets (title, text, owner_id, shared, created_at, updated_at)
         values ('Thanks', 'Hi {customer_first_name}, thank you! — {bakery_name}', ?, 1, ?, ?),
                ('Mine', 'See {ticket_link}', ?, 0, ?, ?)`,
      ).run(owner, now - DAY, now, owner, now - DAY, now - DAY);
      const label = db.prepare('insert into labels (name, colour, created_at) values (?, ?, ?)');
      label.run('Wedding 💍', '#be185d', now - DAY);
      label.run('Wholesale', '#0f766e', now - DAY);
      db.prepare(
        `insert into conversation_labels (question_id, label_id, added_at, added_by)
         select ?, id, ?, ? from labels`,
      ).run(labelled, now, owner);
      db.prepare('update questions set assignee_id = ? where id = ?').run(owner, noted);
      db.prepare('update users set preferences = ? where id = ?').run(
        JSON.stringify({ sound: true, nextAfterSend: false, notifications: true }),
        owner,
      );
      db.prepare('update bakery set assign_on_open = 1, undo_send_seconds = 5').run();
      db.prepare('update replies set held_until = ? where id = (select max(id) from replies)').run(
        now + 5_000,
      );
      db.prepare(
        'update users set totp_secret = ?, totp_enabled_at = ?, totp_last_step = ? where id = ?',
      ).run('JBSWY3DPEHPK3PXP', now - DAY, Math.floor((now - DAY) / 30_000), owner);
      const code = db.prepare(
        'insert into recovery_codes (user_id, code_hash, created_at, used_at) values (?, ?, ?, ?)',
      );
      for (let n = 0; n < 10; n++) {
        code.run(owner, sha256(`code-${n}`), now - DAY, n === 0 ? now - 3_600_000 : null);
      }
      db.prepare(
        'insert into sign_in_challenges (id, user_id, created_at, expires_at) values (?, ?, ?, ?)',
      ).run(sha256('challenge'), owner, now, now + 300_000);
      const failure = db.prepare('insert into sign_in_failures (key, at) values (?, ?)');
      for (let n = 0; n < 5; n++) {
        failure.run('account:owner@bakery.example', now - n * 60_000);
        failure.run('address:203.0.113.7', now - n * 60_000);
      }
      // A customer's answers under the bakery's replies, one with a comment in their words.
      const answer = db.prepare(
        `insert into reply_feedback (message_id, question_id, answer, comment, answered_at, changed_at)
         select id, question_id, ?, ?, ?, ? from messages where author = 'bakery' order by id limit 1 offset ?`,
      );
      answer.run(
        'no',
        'Ich wollte wissen, ob es glutenfrei ist 🌾',
        now - 7_200_000,
        now - 3_600_000,
        0,
      );
      answer.run('yes', null, now - 60_000, now - 60_000, 1);
      const hit = db.prepare('insert into rate_limit_hits (key, at) values (?, ?)');
      for (let n = 0; n < 3; n++) hit.run('customer:203.0.113.7', now - n * 10_000);
    })();
  } finally {
    db.close();
  }
}
