import type { Role } from '../domain';

export { type Role, roles } from '../domain';

/** Owners can do everything staff can; staff only the inbox. */
export function roleAllows(role: Role, required: Role): boolean {
  return role === 'owner' || role === required;
}

export type Denial = { ok: false; status: 401 | 403; message: string };

export const NOT_SIGNED_IN: Denial = {
  ok: false,
  status: 401,
  message: 'Please sign in to do that.',
};

export const NOT_ALLOWED: Denial = {
  ok: false,
  status: 403,
  message: 'Your account is not allowed to do that.',
};

export const PASSWORD_CHANGE_FIRST: Denial = {
  ok: false,
  status: 403,
  message: 'Choose your own password first, on your account page.',
};

/**
 * The one decision behind every page, action and route check. Someone signed in with a
 * temporary password an owner handed out may do nothing but choose their own, so only the
 * checks that say `allowTemporaryPassword` (the password change) let them through.
 */
export function authorize<U extends { role: Role; mustChangePassword?: boolean }>(
  user: U | null,
  required: Role,
  { allowTemporaryPassword = false }: { allowTemporaryPassword?: boolean } = {},
): { ok: true; user: U } | Denial {
  if (!user) return NOT_SIGNED_IN;
  // First things first, whatever the page: a temporary password is changed before anything.
  if (user.mustChangePassword && !allowTemporaryPassword) return PASSWORD_CHANGE_FIRST;
  if (!roleAllows(user.role, required)) return NOT_ALLOWED;
  return { ok: true, user };
}
