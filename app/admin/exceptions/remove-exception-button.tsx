'use client';

import { ActionButton } from '../../_components/action-button';
import { removeException } from './actions';

export function RemoveExceptionButton({ date }: { date: string }) {
  return (
    <ActionButton action={removeException} fields={{ date }} className="text-red-700 underline">
      Remove {date}
    </ActionButton>
  );
}
