import type { Metadata } from 'next';
import { getBakery } from '@/db/bakery';
import { listKnowledgeEntries } from '@/db/knowledge';
import { formatDay } from '@/lib/format-time';
import { knowledgeStart } from '@/lib/knowledge/start';
import { requireUser } from '@/server/session';
import { AdminFrame } from '../_components/admin-frame';
import { EntryButtons } from './entry-buttons';
import { EntryForm } from './entry-form';
import { HandoverForm } from './handover-form';

export const metadata: Metadata = { title: 'Knowledge' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function KnowledgePage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/knowledge' });
  const entries = await listKnowledgeEntries();
  const { timezone, handoverTopics } = await getBakery();
  const start = knowledgeStart(await searchParams);
  return (
    <AdminFrame
      user={user}
      title="Knowledge"
      intro="What the bakery knows beyond the menu and hours: delivery, custom cakes, payment and the like. Drafts search the entries that are on and quote them; allergies, health, complaints and refunds always go to a person."
    >
      <ul className="flex flex-col gap-3" data-testid="knowledge-list">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="rounded-md border border-stone-200 p-4"
            data-testid="knowledge-entry"
            data-enabled={entry.enabled}
          >
            <div className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-semibold">{entry.title}</span>
              {entry.enabled ? null : (
                <span className="rounded bg-stone-200 px-2 text-sm" data-testid="entry-off">
                  off
                </span>
              )}
              <span className="text-sm text-stone-600">
                edited {formatDay(entry.updatedAt, timezone)}
              </span>
            </div>
            <p className="whitespace-pre-wrap text-sm">{entry.answer}</p>
            {entry.tags.length > 0 ? (
              <p className="text-sm text-stone-600">Tags: {entry.tags.join(', ')}</p>
            ) : null}
            <EntryButtons id={entry.id} title={entry.title} enabled={entry.enabled} />
            <details className="mt-2">
              <summary className="cursor-pointer text-sm underline">Edit {entry.title}</summary>
              <div className="mt-3">
                <EntryForm
                  entry={{
                    id: entry.id,
                    title: entry.title,
                    answer: entry.answer,
                    tags: entry.tags.join(', '),
                    enabled: entry.enabled,
                  }}
                />
              </div>
            </details>
          </li>
        ))}
        {entries.length === 0 ? <li>No entries yet.</li> : null}
      </ul>
      <section className="flex max-w-xl flex-col gap-3" id="new-entry">
        <h2 className="text-xl font-semibold">Write an entry</h2>
        {start ? (
          <p className="text-sm text-stone-700" data-testid="entry-started-from">
            {start.question ? (
              <>
                Customers asked: <q className="whitespace-pre-wrap">{start.question}</q>.{' '}
              </>
            ) : null}
            Write the answer you would give, and the next draft uses it.
          </p>
        ) : null}
        <EntryForm key={start?.title ?? ''} start={start ?? undefined} />
      </section>
      <section className="flex max-w-xl flex-col gap-3">
        <h2 className="text-xl font-semibold">Always for a person</h2>
        <HandoverForm topics={handoverTopics} />
      </section>
    </AdminFrame>
  );
}
