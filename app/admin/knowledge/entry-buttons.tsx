'use client';

import { ActionButton } from '../../_components/action-button';
import { removeEntry, switchEntry } from './actions';

/** Switch on or off, and remove: one-click changes to one entry. */
export function EntryButtons({
  id,
  title,
  enabled,
}: {
  id: number;
  title: string;
  enabled: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <ActionButton action={switchEntry} fields={{ id, enabled: enabled ? 'false' : 'true' }}>
        {enabled ? `Switch off ${title}` : `Switch on ${title}`}
      </ActionButton>
      <ActionButton
        action={removeEntry}
        fields={{ id }}
        confirm={`Remove “${title}”? Drafts stop using it.`}
        className="text-red-700 underline"
      >
        Remove {title}
      </ActionButton>
    </div>
  );
}
