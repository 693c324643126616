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

/** The one decision behind every page, action and route check. */
export function authorize<U extends { role: Role }>(
  user: U | null,
  required: Role,
): { ok: true; user: U } | Denial {
  if (!user) return NOT_SIGNED_IN;
  if (!roleAllows(user.role, required)) return NOT_ALLOWED;
  return { ok: true, user };
}
