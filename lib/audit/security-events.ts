/**
 * The audit log's security events, by kind: the names its `action` column holds. Sign-in
 * events are written with `recordSecurityEvent` (db/security-events.ts); account changes are
 * written by the db/ function that makes them, in the same transaction. The audit page shows
 * them all beside the changes to the bakery's facts.
 */
export const SECURITY_EVENTS = {
  signInSuccess: 'sign_in.success',
  signInFailure: 'sign_in.failure',
  /** An account reached its ceiling of failed sign-ins and is locked. */
  lockout: 'sign_in.lockout',
  /** An owner unlocked a locked account. */
  unlock: 'sign_in.unlock',
  signOut: 'sign_out',
  /** A signed-in person was refused a page, action or route their role does not allow. */
  accessDenied: 'access.denied',
  passwordChange: 'password.change',
  staffAdd: 'user.add',
  staffRemove: 'staff.remove',
  /** A person signed out other sessions (one, or everywhere). */
  sessionsEnd: 'sessions.end',
  twoFactorEnable: 'twoFactor.enable',
  twoFactorDisable: 'twoFactor.disable',
  recoveryCodeUsed: 'twoFactor.recoveryCodeUsed',
} as const;

export type SecurityEventKind = keyof typeof SECURITY_EVENTS;

/** Events written while nobody is signed in (their user is null): shown as such. */
export const ANONYMOUS_ACTIONS: readonly string[] = [
  SECURITY_EVENTS.signInFailure,
  SECURITY_EVENTS.lockout,
];

/** Plain data kept with an event: never a password, a token or a session id. */
export type SecurityEventDetail = {
  /** The client's address key (server/client-address.ts), when the event came with a request. */
  address?: string;
  [field: string]: string | number | boolean | null | undefined;
};
