// @module-tag postgres: the ticket marks' SQL, and change notices of another connection's writes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createQuestion } from '@/db/questions';
import { sendReply } from '@/db/replies';
import { createUser } from '@/db/users';
import { TICKET_STREAMS_PER_PROCESS, TICKET_STREAMS_PER_TICKET } from '@/lib/ticket/live';
import { publishDeskEvent } from '@/server/drafting/live';
import { inboxFeedSettled } from '@/server/inbox-feed';
import {
  openTicketStreams,
  type TicketWatch,
  ticketReadsSettled,
  watchTicket,
} from '@/server/ticket-feed';
import { cheapPasswordHash } from '../support/cheap-password-hash';
import { type OutsideConnection, openOutsideConnection } from '../support/outside-connection';
import { sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

async function askedQuestion(name: string): Promise<{ id: number; newest: number }> {
  const stored = await createQuestion({
    text: `Do you have rye bread? (${name})`,
    customerName: name,
    customerEmail: null,
    channel: 'web',
    externalId: null,
    now: new Date(),
  });
  const id = stored.question.id;
  const newest = Number(await sqlValue('select max(id) from messages where question_id = ?', id));
  return { id, newest };
}

/** A reply sent by another server on the database: its message, and the question it answers moved. */
async function replyElsewhere(other: OutsideConnection, questionId: number): Promise<void> {
  const at = Date.now();
  await other.run(
    `insert into messages (question_id, author, channel, text, at) values (?, 'bakery', 'web', 'Yes, we have rye.', ?)`,
    questionId,
    at,
  );
  await other.run(
    `update questions set status = 'answered', version = version + 1, updated_at = ? where id = ?`,
    at,
    questionId,
  );
}

/** Resolves at the watch's first nudge, with when it came. */
function firstNudge(watch: TicketWatch): Promise<number> {
  return new Promise((resolve) => watch.listen(() => resolve(Date.now())));
}

describe('the ticket pages’ live news', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let other: OutsideConnection;
  const watches: TicketWatch[] = [];
  const watch = (input: Parameters<typeof watchTicket>[0]) => {
    const opened = watchTicket(input);
    if (opened) watches.push(opened);
    return opened;
  };

  beforeEach(async () => {
    temp = await useTempDatabase();
    await getDb();
    other = await openOutsideConnection(temp);
  });
  afterEach(async () => {
    for (const opened of watches.splice(0)) opened.close();
    await inboxFeedSettled();
    await ticketReadsSettled();
    await other.close();
    await temp.cleanup();
  });

  it('tells a page of a reply another server sent, and not the page of another conversation', async () => {
    const answered = await askedQuestion('Ana');
    const untouched = await askedQuestion('Ben');
    const quiet: string[] = [];
    const theirs = watch({ questionId: answered.id, seen: answered.newest });
    const others = watch({ questionId: untouched.id, seen: untouched.newest });
    if (!theirs || !others) throw new Error('the watches were refused');
    others.listen(() => quiet.push('nudged'));
    const nudged = firstNudge(theirs);

    await replyElsewhere(other, answered.id);
    await nudged;
    // Ben's page was read in the same pass as Ana's, or not at all: it heard nothing.
    expect(quiet).toEqual([]);
  });

  it('tells a page rendered before the reply at once', async () => {
    const question = await askedQuestion('Cleo');
    await replyElsewhere(other, question.id);
    const late = watch({ questionId: question.id, seen: question.newest });
    if (!late) throw new Error('the watch was refused');
    await firstNudge(late);
  });

  it('tells a page of a reply held for undo only once it is released', async () => {
    const question = await askedQuestion('Dora');
    const staff = await createUser({
      email: 'dora-staff@example.com',
      name: 'Rosa',
      role: 'staff',
      passwordHash: await cheapPasswordHash('a long enough passphrase'),
      now: new Date(),
    });
    if (!staff.ok) throw new Error('the staff account was not made');
    const page = watch({ questionId: question.id, seen: question.newest });
    if (!page) throw new Error('the watch was refused');
    const nudged = firstNudge(page);
    const version = Number(
      await sqlValue('select version from questions where id = ?', question.id),
    );
    const sent = await sendReply({
      questionId: question.id,
      text: 'Yes, rye on Saturday.',
      version,
      userId: staff.user.id,
      now: new Date(),
      holdSeconds: 1,
    });
    if (!sent.ok) throw new Error('the reply was not sent');
    // As the send action tells the desk.
    publishDeskEvent({ kind: 'queueChanged', questionId: question.id });
    const heldUntil = Number(
      await sqlValue('select held_until from replies where question_id = ?', question.id),
    );
    expect(await nudged).toBeGreaterThanOrEqual(new Date(heldUntil).getTime());
  });

  it('refuses one link more streams than its cap, and the process more than its own', () => {
    const opened = Array.from({ length: TICKET_STREAMS_PER_TICKET }, () =>
      watch({ questionId: 1, seen: null }),
    );
    expect(opened.every(Boolean)).toBe(true);
    expect(watch({ questionId: 1, seen: null })).toBeNull();
    opened[0]?.close();
    expect(watch({ questionId: 1, seen: null })).not.toBeNull();

    for (let id = 2; openTicketStreams() < TICKET_STREAMS_PER_PROCESS; id++) {
      watch({ questionId: id, seen: null });
    }
    expect(watch({ questionId: 100_000, seen: null })).toBeNull();
    for (const each of watches.splice(0)) each.close();
    expect(openTicketStreams()).toBe(0);
  });
});
