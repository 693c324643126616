import { createHash, randomBytes } from 'node:crypto';

/** A ticket token: 192 random bits, URL-safe. The customer's link holds it; the desk does not. */
export function newTicketToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * What the desk stores in place of the token. A plain hash suffices, as for session ids: the
 * token already has 192 bits of entropy, so a copy of the database cannot be turned back into
 * a working link.
 */
export function hashTicketToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Kept apart from node:crypto so that forms in the browser can check it too.
export { TICKET_TOKEN_SHAPE } from './ticket-shape';
