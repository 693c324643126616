'use client';

import { ActionButton } from '../_components/action-button';
import { signOut } from './actions';

export function SignOutButton() {
  return (
    <ActionButton action={signOut} fields={{}} className="text-sm underline" formClassName="">
      Sign out
    </ActionButton>
  );
}
