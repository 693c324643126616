/** The inbox's views by who looks after a conversation: everyone's, mine, or nobody's. */
export type InboxView = 'all' | 'mine' | 'unassigned';

export const inboxViews: readonly InboxView[] = ['all', 'mine', 'unassigned'];

export const viewLabels: Record<InboxView, string> = {
  all: 'Everyone’s',
  mine: 'Mine',
  unassigned: 'Unassigned',
};

export function parseView(value: string | string[] | undefined): InboxView {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw === 'mine' || raw === 'unassigned' ? raw : 'all';
}

/** The view as the database's filter: a person's own, nobody's, or none. */
export function viewFilter(
  view: InboxView,
  userId: number,
): { mine: number } | 'unassigned' | undefined {
  if (view === 'mine') return { mine: userId };
  return view === 'unassigned' ? 'unassigned' : undefined;
}
