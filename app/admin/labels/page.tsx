import type { Metadata } from 'next';
import { listLabels } from '@/db/labels';
import { requireUser } from '@/server/session';
import { AdminFrame } from '../_components/admin-frame';
import { EditLabelForm, NewLabelForm } from './label-forms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Labels' };

/** The owner's labels: staff put them on conversations and filter the inbox by them. */
export default async function LabelsPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/labels' });
  const labels = await listLabels();
  return (
    <AdminFrame
      user={user}
      title="Labels"
      intro="Labels sort conversations (wholesale, weddings, allergies…). You define them here; anyone on the staff puts them on a conversation and filters the inbox by them."
    >
      <section aria-labelledby="new-label-title" className="flex flex-col gap-3">
        <h2 id="new-label-title" className="text-lg font-semibold">
          New label
        </h2>
        <NewLabelForm />
      </section>
      <section aria-labelledby="label-list-title" className="flex flex-col gap-3">
        <h2 id="label-list-title" className="text-lg font-semibold">
          {labels.length === 0 ? 'No labels yet' : `Labels (${labels.length})`}
        </h2>
        <ul className="flex flex-col gap-3" data-testid="label-list">
          {labels.map((label) => (
            <li
              key={`${label.id}-${label.name}-${label.colour}`}
              data-testid="label-row"
              data-name={label.name}
            >
              <EditLabelForm label={{ id: label.id, name: label.name, colour: label.colour }} />
            </li>
          ))}
        </ul>
      </section>
    </AdminFrame>
  );
}
