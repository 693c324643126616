// @module-tag postgres: snippets kept per person and shared by the owner, on either engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuestion, getQuestionByTicket } from '@/db/questions';
import {
  createSnippet,
  deleteSnippet,
  listSnippetsFor,
  ticketLinkTokenFor,
  updateSnippet,
} from '@/db/snippets';
import { createUser } from '@/db/users';
import { hashTicketToken } from '@/lib/intake/ticket-token';
import { sqlRows, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
const people = {
  owner: { userId: 0, role: 'owner' as const },
  ana: { userId: 0, role: 'staff' as const },
  ben: { userId: 0, role: 'staff' as const },
};
const now = new Date('2026-12-01T09:00:00Z');
const later = new Date('2026-12-01T10:00:00Z');

beforeEach(async () => {
  temp = await useTempDatabase();
  for (const [key, person] of Object.entries(people)) {
    const made = await createUser({
      email: `${key}@example.com`,
      name: key === 'owner' ? 'Olive' : key === 'ana' ? 'Ana' : 'Ben',
      role: person.role,
      passwordHash: 'x',
      now,
    });
    if (!made.ok) throw new Error(made.reason);
    person.userId = made.user.id;
  }
});
afterEach(() => temp.cleanup());

async function make(by: (typeof people)[keyof typeof people], title: string, shared = false) {
  const result = await createSnippet({ by, input: { title, text: `${title} text`, shared }, now });
  if (!result.ok) throw new Error(result.reason);
  return result.snippet;
}

describe('snippets', () => {
  it('lists a person’s own and every shared snippet, by title, never a colleague’s personal one', async () => {
    await make(people.ana, 'Zebra cake');
    await make(people.ben, 'Ben only');
    await make(people.owner, 'Allergens', true);
    await make(people.owner, 'Owner only');
    const seen = async (who: keyof typeof people) =>
      (await listSnippetsFor({ userId: people[who].userId })).map((s) => [s.title, s.ownerName]);
    expect(await seen('ana')).toEqual([
      ['Allergens', 'Olive'],
      ['Zebra cake', 'Ana'],
    ]);
    expect(await seen('ben')).toEqual([
      ['Allergens', 'Olive'],
      ['Ben only', 'Ben'],
    ]);
    expect(await seen('owner')).toEqual([
      ['Allergens', 'Olive'],
      ['Owner only', 'Olive'],
    ]);
  });

  it('lets the keeper change their own, stamping the change; refuses anyone else and writes nothing', async () => {
    const mine = await make(people.ana, 'Hello');
    const edit = { title: 'Hello', text: 'Hi {customer_first_name}!', shared: false };
    expect(await updateSnippet({ id: mine.id, by: people.ben, input: edit, now: later })).toEqual({
      ok: false,
      reason: 'notYours',
    });
    expect(await updateSnippet({ id: mine.id, by: people.owner, input: edit, now: later })).toEqual(
      {
        ok: false,
        reason: 'notYours',
      },
    );
    expect(await deleteSnippet({ id: mine.id, by: people.ben })).toEqual({
      ok: false,
      reason: 'notYours',
    });
    expect(await sqlRows('select text from snippets')).toEqual([{ text: 'Hello text' }]);
    const changed = await updateSnippet({ id: mine.id, by: people.ana, input: edit, now: later });
    expect(changed).toMatchObject({
      ok: true,
      snippet: { text: 'Hi {customer_first_name}!', updatedAt: later, createdAt: now },
    });
    expect(await deleteSnippet({ id: mine.id, by: people.ana })).toEqual({ ok: true });
    expect(Number(await sqlValue('select count(*) from snippets'))).toBe(0);
  });

  it('leaves sharing, and shared snippets, to the owner', async () => {
    expect(
      await createSnippet({
        by: people.ana,
        input: { title: 'All', text: 'x', shared: true },
        now,
      }),
    ).toEqual({ ok: false, reason: 'ownerShares' });
    const shared = await make(people.owner, 'Hours', true);
    const input = { title: 'Hours', text: 'Changed', shared: true };
    expect(await updateSnippet({ id: shared.id, by: people.ana, input, now: later })).toEqual({
      ok: false,
      reason: 'ownerShares',
    });
    expect(await deleteSnippet({ id: shared.id, by: people.ana })).toEqual({
      ok: false,
      reason: 'ownerShares',
    });
    expect(
      await updateSnippet({ id: shared.id, by: people.owner, input, now: later }),
    ).toMatchObject({
      ok: true,
    });
    expect(await updateSnippet({ id: 999_999, by: people.owner, input, now: later })).toEqual({
      ok: false,
      reason: 'notFound',
    });
  });

  it('makes a new working link to the customer’s ticket page, keeping the customer’s own', async () => {
    const asked = await createQuestion({
      text: 'Rye?',
      customerName: 'Lena',
      customerEmail: null,
      channel: 'web',
      now,
    });
    const token = await ticketLinkTokenFor({ questionId: asked.question.id, now: later });
    expect(await sqlRows('select question_id, hash from ticket_tokens')).toEqual([
      { question_id: asked.question.id, hash: hashTicketToken(token) },
    ]);
    // Both the new link and the one the customer was given open the conversation.
    expect((await getQuestionByTicket({ token }))?.id).toBe(asked.question.id);
    if (!asked.created) throw new Error('not created');
    expect((await getQuestionByTicket({ token: asked.ticketToken }))?.id).toBe(asked.question.id);
  });
});
