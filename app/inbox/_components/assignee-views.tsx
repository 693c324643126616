import Link from 'next/link';
import { type InboxView, inboxViews, viewLabels } from '@/lib/inbox/assignee-view';
import type { InboxGroup } from '@/lib/inbox/groups';
import { inboxHref } from '../links';

/** Everyone's, Mine, Unassigned: which conversations the list shows by who looks after them. */
export function AssigneeViews({
  view,
  group,
  search,
  person,
}: {
  view: InboxView;
  group: InboxGroup;
  search?: string;
  person: boolean;
}) {
  return (
    <nav aria-label="Whose questions" className="flex flex-wrap gap-2 text-sm">
      {inboxViews.map((v) => (
        <Link
          key={v}
          href={inboxHref({ group, search, person, view: v })}
          aria-current={v === view ? 'page' : undefined}
          data-testid={`view-${v}`}
          className="rounded-md border border-stone-300 px-3 py-1.5 aria-[current=page]:bg-stone-900 aria-[current=page]:text-white"
        >
          {viewLabels[v]}
        </Link>
      ))}
    </nav>
  );
}

/** Who looks after a row's conversation. */
export function RowAssignee({ name, isSelf }: { name: string | null; isSelf: boolean }) {
  if (name === null) return null;
  return (
    <span
      className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-800"
      data-testid="row-assignee"
    >
      {isSelf ? 'Yours' : `Assigned to ${name}`}
    </span>
  );
}
