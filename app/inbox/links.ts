import type { InboxView } from '@/lib/inbox/assignee-view';
import type { InboxGroup } from '@/lib/inbox/groups';

/** `/inbox?group=sent&q=rye&person=1&page=2`, leaving out what is default. */
export function inboxHref({
  group,
  search,
  person,
  view,
  label,
  page,
}: {
  group: InboxGroup;
  search?: string;
  /** Only questions marked for a person. */
  person?: boolean;
  /** Only mine, or only unassigned ones. */
  view?: InboxView;
  /** Only conversations carrying this label. */
  label?: number;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (group !== 'needsReview') params.set('group', group);
  if (view && view !== 'all') params.set('view', view);
  if (search) params.set('q', search);
  if (person) params.set('person', '1');
  if (label !== undefined) params.set('label', String(label));
  if (page && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/inbox?${query}` : '/inbox';
}

/** A question's page, keeping the tab and search it was opened from (for j and k). */
export function questionHref(
  id: number,
  from: { group: InboxGroup; search?: string; person?: boolean; view?: InboxView; label?: number },
): string {
  return inboxHref(from).replace(/^\/inbox/, `/inbox/${id}`);
}
