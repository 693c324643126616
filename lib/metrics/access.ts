import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { isTrustedProxy, normaliseIp, type TrustedProxy } from '../net/ip-address';

/**
 * Who may read `GET /metrics`: a client on this machine, or anyone with `METRICS_TOKEN` as a
 * bearer token. "On this machine" is the socket's peer on the loopback (127.0.0.0/8, ::1) as
 * `scripts/http-edge.mjs` stamps it, and only when that peer is not one of `TRUSTED_PROXIES`: a
 * reverse proxy on the loopback forwards strangers, and a proxy that adds no X-Forwarded-For
 * would make every one of them look local. Without the edge (`next dev`) the peer is unknown and
 * only the token lets a scraper in.
 */
export type MetricsAccess = 'loopback' | 'token' | 'refused';

export function isLoopback(address: string): boolean {
  const ip = normaliseIp(address);
  if (!ip) return false;
  return isIPv4(ip) ? ip.startsWith('127.') : ip === '::1';
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Whether two secrets are equal, in time that tells nothing about where they differ nor how
 * long the expected one is (both are hashed to the same length first).
 */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function metricsAccess({
  peer,
  trusted,
  authorization,
  token,
}: {
  /** The socket's peer address; null when no edge stamped it. */
  peer: string | null | undefined;
  trusted: readonly TrustedProxy[];
  authorization: string | null | undefined;
  /** METRICS_TOKEN; unset, only the loopback may read. */
  token: string | undefined;
}): MetricsAccess {
  const given = bearerToken(authorization);
  if (token && given !== null && sameSecret(given, token)) return 'token';
  const ip = peer ? normaliseIp(peer) : null;
  if (ip && isLoopback(ip) && !isTrustedProxy(ip, trusted)) return 'loopback';
  return 'refused';
}
