import { createHash, randomBytes } from 'node:crypto';

/**
 * A staff invite link's secret: 256 random bits in the URL (`/join/<token>`), of which the
 * database keeps only the SHA-256, as it does for sessions, so a copy of the database opens no
 * invite.
 */
export function generateInviteToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as the link carries it: anything else is no invite, without a lookup. */
export function looksLikeInviteToken(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text);
}

/** How long an invite link opens: a week, then the owner makes a new one. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type InviteState = 'open' | 'used' | 'revoked' | 'expired';

/** What a link does now: used and taken back say so even after the week has passed. */
export function inviteState(
  invite: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InviteState {
  if (invite.acceptedAt) return 'used';
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}
