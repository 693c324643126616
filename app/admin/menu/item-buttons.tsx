'use client';

import { useActionState } from 'react';
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
  const [toggled, toggle, toggling] = useActionState(setItemAvailability, undefined);
  const [removed, remove, removing] = useActionState(removeItem, undefined);
  const failed = [toggled, removed].find((state) => state && !state.ok);
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <form action={toggle}>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="available" value={available ? 'false' : 'true'} />
        <button type="submit" className="underline" disabled={toggling}>
          {available ? `Mark ${name} unavailable` : `Mark ${name} available`}
        </button>
      </form>
      <form
        action={remove}
        onSubmit={(event) => {
          if (!window.confirm(`Remove ${name} from the menu?`)) event.preventDefault();
        }}
      >
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="text-red-700 underline" disabled={removing}>
          Remove {name}
        </button>
      </form>
      {failed && !failed.ok ? (
        <span role="alert" className="text-red-700">
          {failed.message ?? 'Could not save.'}
        </span>
      ) : null}
    </div>
  );
}
