import type { InviteState } from '@/lib/auth/staff-invite';

/** Why an invite link opens nothing, in words for the person holding it. */
export function closedInviteMessage(state: Exclude<InviteState, 'open'> | 'unknown'): string {
  switch (state) {
    case 'expired':
      return 'This invite link has expired: links work for 7 days. Ask the owner for a new one.';
    case 'used':
      return 'This invite link has already been used to choose a password. Sign in instead.';
    case 'revoked':
      return 'The owner took this invite link back. Ask them for a new one if you still need it.';
    case 'unknown':
      return 'This is not an invite link the desk made. Check that you copied the whole link, or ask the owner for a new one.';
  }
}
