'use client';

import { ActionButton } from '../../_components/action-button';
import { removeItem, setItemAvailability } from './actions';

/** Mark (un)available and remove: one-click changes to one item. */
export function ItemButtons({
  id,
  name,
  available,
}: {
  id: number;
  name: string;
  available: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <ActionButton
        action={setItemAvailability}
        fields={{ id, available: available ? 'false' : 'true' }}
      >
        {available ? `Mark ${name} unavailable` : `Mark ${name} available`}
      </ActionButton>
      <ActionButton
        action={removeItem}
        fields={{ id }}
        confirm={`Remove ${name} from the menu?`}
        className="text-red-700 underline"
      >
        Remove {name}
      </ActionButton>
    </div>
  );
}
