'use server';

import { revalidatePath } from 'next/cache';
import { createSnippet, deleteSnippet, updateSnippet } from '@/db/snippets';
import { snippetCreateInput, snippetDeleteInput, snippetUpdateInput } from '@/lib/snippets/forms';
import { action } from '@/server/action';

/** Why a change to a snippet was refused, in the words the page shows. */
const refusals = {
  notFound: 'That snippet no longer exists.',
  notYours: 'This is a colleague’s own snippet: only they can change it.',
  ownerShares: 'Shared snippets are the owner’s to write and change.',
} as const;

const refusal = (reason: keyof typeof refusals) =>
  ({
    ok: false,
    status: reason === 'notFound' ? 409 : 403,
    message: refusals[reason],
  }) as const;

function saved(message: string) {
  revalidatePath('/inbox/snippets');
  return { ok: true as const, message };
}

/** Staff and owners. A new snippet of one's own; only the owner may make it shared. */
export const createSnippetAction = action(
  { role: 'staff', input: snippetCreateInput },
  async (input, user) => {
    const result = await createSnippet({
      by: { userId: user.id, role: user.role },
      input,
      now: new Date(),
    });
    if (!result.ok) return refusal(result.reason);
    return saved(`Saved “${result.snippet.title}”.`);
  },
);

/** Staff and owners: one's own personal snippets; shared ones only the owner. */
export const updateSnippetAction = action(
  { role: 'staff', input: snippetUpdateInput },
  async ({ id, ...input }, user) => {
    const result = await updateSnippet({
      id,
      by: { userId: user.id, role: user.role },
      input,
      now: new Date(),
    });
    if (!result.ok) return refusal(result.reason);
    return saved(`Saved “${result.snippet.title}”.`);
  },
);

/** Staff and owners, under the same rule as a change. */
export const deleteSnippetAction = action(
  { role: 'staff', input: snippetDeleteInput },
  async ({ id }, user) => {
    const result = await deleteSnippet({ id, by: { userId: user.id, role: user.role } });
    if (!result.ok) return refusal(result.reason);
    return saved('Snippet removed.');
  },
);
