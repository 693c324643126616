'use client';

import { ActionButton } from '../../_components/action-button';
import { unlockAccount } from './actions';

export function UnlockButton({ email }: { email: string }) {
  return (
    <ActionButton
      action={unlockAccount}
      fields={{ email }}
      label={`Unlock ${email}`}
      className="text-sm text-amber-800 underline"
    >
      Unlock
    </ActionButton>
  );
}
