/**
 * The address the owner is using the desk at, as a suggestion for the public address that
 * emailed replies link to: the request's host (or the first X-Forwarded-Host a proxy set) and
 * scheme. Only a suggestion: the owner sees it and saves it, or types another.
 */
export function suggestedPublicAddress(headers: {
  host: string | null;
  forwardedHost: string | null;
  forwardedProto: string | null;
}): string | undefined {
  const first = (value: string | null) => value?.split(',')[0]?.trim() || undefined;
  const host = first(headers.forwardedHost) ?? first(headers.host);
  if (!host) return undefined;
  const proto = first(headers.forwardedProto) === 'https' ? 'https' : 'http';
  try {
    const url = new URL(`${proto}://${host}`);
    return url.host === host.toLowerCase() ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
