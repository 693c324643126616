/**
 * The address a sign-in came from. Route handlers and actions cannot see the socket; Next
 * copies the socket's address into x-forwarded-for only when the request did not bring that
 * header itself. So without a proxy a client can choose this value, which is why failures are
 * also counted per account. Behind a proxy that appends the client's address, the last entry
 * is the one the proxy saw.
 */
export function clientAddress(forwardedFor: string | null): string {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1) ?? 'unknown';
}
