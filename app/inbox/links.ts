import type { InboxGroup } from '@/lib/inbox/groups';

/** `/inbox?group=sent&q=rye&page=2`, leaving out what is default. */
export function inboxHref({
  group,
  search,
  page,
}: {
  group: InboxGroup;
  search?: string;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (group !== 'needsReview') params.set('group', group);
  if (search) params.set('q', search);
  if (page && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/inbox?${query}` : '/inbox';
}

/** A question's page, keeping the tab and search it was opened from (for j and k). */
export function questionHref(id: number, from: { group: InboxGroup; search?: string }): string {
  return inboxHref(from).replace(/^\/inbox/, `/inbox/${id}`);
}
