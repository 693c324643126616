import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eraseExpiredConversations } from '@/db/retention';
import { takeEmail } from '@/server/mail/inbound';
import { sqlRows, sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const mail = (name: string) =>
  readFileSync(join(import.meta.dirname, `../fixtures/mail/${name}.eml`));
const own = ['orders@juniper.example'];
const DAY = 24 * 60 * 60 * 1000;

describe('the retention period and emails', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(() => temp.cleanup());

  it('erases a closed conversation’s original emails and old mail that was no question', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 40 * DAY);
    const closed = await takeEmail(mail('attachment'), { own, now: old });
    const open = await takeEmail(mail('plain'), { own, now: old });
    await takeEmail(mail('auto-reply'), { own, now: old });
    await takeEmail(mail('mailing-list'), { own, now });
    await sqlRun(
      "update questions set status = 'discarded', updated_at = ? where id = ?",
      old.getTime(),
      closed.row.questionId,
    );
    await sqlRun('update bakery set retention_days = 30');

    expect((await eraseExpiredConversations({ now, by: null })).erased).toBe(1);
    const emails = await sqlRows(
      'select key, length(raw) as raw, from_address as "fromAddress", subject, cast(attachments as text) as attachments from inbound_emails order by id',
    );
    expect(emails).toEqual([
      { key: 'attach-1@example.com', raw: 0, fromAddress: null, subject: null, attachments: '[]' },
      {
        key: 'plain-1@example.com',
        raw: mail('plain').length,
        fromAddress: 'ada@example.com',
        subject: 'Rye loaf on Saturday?',
        attachments: '[]',
      },
      { key: 'ooo-1@example.com', raw: 0, fromAddress: null, subject: null, attachments: '[]' },
      {
        key: 'list-1@flour.example',
        raw: mail('mailing-list').length,
        fromAddress: 'news@flour.example',
        subject: 'This week in flour',
        attachments: '[]',
      },
    ]);
    expect(
      (
        await sqlRows(
          'select email_subject, email_from from messages where question_id = ?',
          closed.row.questionId,
        )
      )[0],
    ).toEqual({ email_subject: null, email_from: null });
    expect(open.row.outcome).toBe('question');

    // The same email fetched again after its erasure is still recognised.
    expect((await takeEmail(mail('attachment'), { own })).duplicate).toBe(true);
  });
});
