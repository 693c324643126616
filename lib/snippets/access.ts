import type { Role } from '../domain';

/** Why an edit of a snippet is refused, or null when the editor may make it. */
export type SnippetRefusal = 'notYours' | 'ownerShares';

/**
 * Who may change a snippet: a personal one is its keeper's alone (a colleague, the owner
 * included, may not rewrite it); a shared one is the owner's to define; and only the owner
 * may make a snippet shared.
 */
export function canEditSnippet({
  snippet,
  userId,
  role,
  makeShared,
}: {
  snippet: { ownerId: number; shared: boolean };
  userId: number;
  role: Role;
  /** Whether the snippet is shared after the edit. */
  makeShared: boolean;
}): SnippetRefusal | null {
  if (snippet.shared || makeShared) return role === 'owner' ? null : 'ownerShares';
  return snippet.ownerId === userId ? null : 'notYours';
}
