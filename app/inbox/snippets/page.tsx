import type { Metadata } from 'next';
import { listSnippetsFor } from '@/db/snippets';
import { canEditSnippet } from '@/lib/snippets/access';
import { requireUser } from '@/server/session';
import { AppShell } from '../../_shell/app-shell';
import { NewSnippetForm, SnippetCard } from './snippet-forms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Snippets' };

/**
 * Saved replies: a person's own, and the shared ones the owner keeps. Each is inserted in the
 * reply box by typing `/` or with the Snippets button, its variables filled from the question.
 */
export default async function SnippetsPage() {
  const user = await requireUser({ role: 'staff', returnTo: '/inbox/snippets' });
  const snippets = await listSnippetsFor({ userId: user.id });
  const isOwner = user.role === 'owner';
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold">Snippets</h1>
      <p className="text-stone-700">
        Replies you write often. In a question’s reply box, type <kbd>/</kbd> and a few letters of
        the title, or use the Snippets button. These words are filled in from the question:{' '}
        <code>{'{customer_first_name}'}</code> (left out when the customer gave no name),{' '}
        <code>{'{bakery_name}'}</code> and <code>{'{ticket_link}'}</code> (a link to the customer’s
        ticket page).
        {isOwner
          ? ' Shared snippets are everyone’s; only you can change them.'
          : ' Your own snippets are yours alone; shared ones are the owner’s.'}
      </p>

      <section aria-labelledby="new-snippet-heading" className="flex flex-col gap-3">
        <h2 id="new-snippet-heading" className="text-lg font-semibold">
          New snippet
        </h2>
        <NewSnippetForm canShare={isOwner} />
      </section>

      <section aria-labelledby="snippet-list-heading" className="flex flex-col gap-3">
        <h2 id="snippet-list-heading" className="text-lg font-semibold">
          {snippets.length === 0 ? 'No snippets yet' : `Your snippets (${snippets.length})`}
        </h2>
        <ul className="flex flex-col gap-3" data-testid="snippet-list">
          {snippets.map((snippet) => (
            <li key={snippet.id} data-testid="snippet" data-title={snippet.title}>
              <SnippetCard
                snippet={{
                  id: snippet.id,
                  title: snippet.title,
                  text: snippet.text,
                  shared: snippet.shared,
                  keeper: snippet.ownerId === user.id ? 'you' : snippet.ownerName,
                }}
                canEdit={
                  canEditSnippet({
                    snippet,
                    userId: user.id,
                    role: user.role,
                    makeShared: snippet.shared,
                  }) === null
                }
                canShare={isOwner}
              />
            </li>
          ))}
        </ul>
      </section>
    </AppShell>
  );
}
