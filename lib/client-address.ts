/**
 * The address a request came from, for rate limits. Next passes the socket's address in
 * X-Forwarded-For only when the client sent none, so a client can choose what this returns:
 * limits keyed on it are paired with a limit that does not depend on it.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip') || 'unknown';
}
