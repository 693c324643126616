'use client';

import { ActionButton } from '../../_components/action-button';
import { removeStaff } from './actions';

export function RemoveStaffButton({ userId, name }: { userId: number; name: string }) {
  return (
    <ActionButton
      action={removeStaff}
      fields={{ userId }}
      label={`Remove ${name}`}
      className="text-sm text-red-700 underline"
    >
      Remove
    </ActionButton>
  );
}
