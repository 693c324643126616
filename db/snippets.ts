import 'server-only';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Role } from '@/lib/domain';
import { canEditSnippet } from '@/lib/snippets/access';
import { getDb } from './client';
import { type Snippet, snippets, users } from './schema';
import { addTicketToken } from './ticket-tokens';

export type SnippetView = Snippet & { ownerName: string };

/** The snippets a person may use: their own and every shared one, by title. */
export async function listSnippetsFor({ userId }: { userId: number }): Promise<SnippetView[]> {
  const rows = await (await getDb())
    .select({ snippet: snippets, ownerName: users.name })
    .from(snippets)
    .innerJoin(users, eq(users.id, snippets.ownerId))
    .where(or(eq(snippets.ownerId, userId), eq(snippets.shared, true)))
    .orderBy(asc(snippets.title), asc(snippets.id));
  return rows.map((row) => ({ ...row.snippet, ownerName: row.ownerName }));
}

type Editor = { userId: number; role: Role };
type Fields = { title: string; text: string; shared: boolean };

export type SnippetResult =
  | { ok: true; snippet: Snippet }
  | { ok: false; reason: 'notFound' | 'notYours' | 'ownerShares' };

/** A new snippet, the keeper's own; only the owner may make one shared. */
export async function createSnippet({
  by,
  input,
  now,
}: {
  by: Editor;
  input: Fields;
  now: Date;
}): Promise<SnippetResult> {
  if (input.shared && by.role !== 'owner') return { ok: false, reason: 'ownerShares' };
  const [snippet] = await (await getDb())
    .insert(snippets)
    .values({ ...input, ownerId: by.userId, createdAt: now, updatedAt: now })
    .returning();
  if (!snippet) throw new Error('The snippet was not stored.');
  return { ok: true, snippet };
}

async function findSnippet(id: number): Promise<Snippet | undefined> {
  const [row] = await (await getDb()).select().from(snippets).where(eq(snippets.id, id)).limit(1);
  return row;
}

/** Changes a snippet the editor may change (`canEditSnippet`); anything else writes nothing. */
export async function updateSnippet({
  id,
  by,
  input,
  now,
}: {
  id: number;
  by: Editor;
  input: Fields;
  now: Date;
}): Promise<SnippetResult> {
  const existing = await findSnippet(id);
  if (!existing) return { ok: false, reason: 'notFound' };
  const refusal = canEditSnippet({ snippet: existing, ...by, makeShared: input.shared });
  if (refusal) return { ok: false, reason: refusal };
  const [snippet] = await (await getDb())
    .update(snippets)
    .set({ ...input, updatedAt: now })
    .where(eq(snippets.id, id))
    .returning();
  if (!snippet) return { ok: false, reason: 'notFound' };
  return { ok: true, snippet };
}

export async function deleteSnippet({
  id,
  by,
}: {
  id: number;
  by: Editor;
}): Promise<{ ok: true } | { ok: false; reason: 'notFound' | 'notYours' | 'ownerShares' }> {
  const existing = await findSnippet(id);
  if (!existing) return { ok: false, reason: 'notFound' };
  const refusal = canEditSnippet({ snippet: existing, ...by, makeShared: existing.shared });
  if (refusal) return { ok: false, reason: refusal };
  await (await getDb()).delete(snippets).where(and(eq(snippets.id, id)));
  return { ok: true };
}

/**
 * A new link to the customer's ticket page for a snippet to carry; the customer's earlier links
 * keep working. The token, once (only its hash is kept).
 */
export async function ticketLinkTokenFor({
  questionId,
  now,
}: {
  questionId: number;
  now: Date;
}): Promise<string> {
  return addTicketToken(await getDb(), { questionId, now });
}
