/**
 * The host names this desk answers to. A browser tricked by DNS rebinding sends the attacker's
 * name in Host (and in Origin), so answering only to names the operator chose keeps such a page
 * from reaching a desk on 127.0.0.1 or a shop's network: no first-run setup, no actions.
 */

/** Always allowed: the machine itself. */
export const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** A host name as compared: lower case, without port or trailing dot; null if it is not one. */
export function hostName(value: string): string | null {
  const text = value.trim().toLowerCase();
  if (!text || text.length > 255) return null;
  let url: URL;
  try {
    url = new URL(`http://${text}/`);
  } catch {
    return null;
  }
  // Anything that changed the authority (a user part, a path) was not a bare host.
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  return url.hostname.replace(/\.$/, '');
}

/** From `PUBLIC_BASE_URL` and `ALLOWED_HOSTS` (names separated by commas or spaces). */
export function allowedHostNames({
  publicBaseUrl,
  allowedHosts,
}: {
  publicBaseUrl?: string;
  allowedHosts?: string;
}): { ok: true; hosts: string[] } | { ok: false; invalid: string[] } {
  const hosts = new Set<string>(LOCAL_HOSTS);
  const invalid: string[] = [];
  if (publicBaseUrl) hosts.add(new URL(publicBaseUrl).hostname);
  for (const entry of (allowedHosts ?? '').split(/[\s,]+/).filter(Boolean)) {
    const name = hostName(entry);
    if (name) hosts.add(name);
    else invalid.push(entry);
  }
  return invalid.length ? { ok: false, invalid } : { ok: true, hosts: [...hosts] };
}

/**
 * Host and X-Forwarded-Host name allowed hosts. Of a forwarded list only the first entry counts:
 * it is the name the client asked for, and the one the desk uses (later entries are the proxies'
 * own hops).
 */
export function hostsAllowed(
  values: readonly (string | null | undefined)[],
  allowed: readonly string[],
): boolean {
  return values.every((value) => {
    if (value === null || value === undefined) return true;
    const name = hostName(value.split(',')[0] ?? '');
    return name !== null && allowed.includes(name);
  });
}

/** A server action's Origin: present, and one of the allowed hosts over http or https. */
export function originAllowed(
  origin: string | null | undefined,
  allowed: readonly string[],
): boolean {
  if (!origin || origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return allowed.includes(url.hostname.replace(/\.$/, ''));
}

/**
 * Whether a form post's Origin is the host the request was sent to, as Next.js judges it before
 * running an action (its `host`, with the port, equal to the first X-Forwarded-Host entry, or to
 * Host when there is none). Next.js answers a mismatch with a 500; checked here first, it is a 403.
 */
export function originIsRequestHost({
  origin,
  host,
  forwardedHost,
}: {
  origin: string;
  host: string | null;
  forwardedHost: string | null;
}): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const requested = forwardedHost?.split(',')[0]?.trim() || host;
  return !!requested && url.host === requested;
}
