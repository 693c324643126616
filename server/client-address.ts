import 'server-only';
import { headers } from 'next/headers';
import { env } from '@/lib/env';
import { addressKey, resolveClientAddress } from '@/lib/net/ip-address';

/**
 * The key every per-address limit counts under (/ask, sign-in): the client's normalised
 * address, an IPv6 one as its /64. The socket's peer comes from `x-desk-peer`, stamped by
 * scripts/http-edge.mjs in the server process (and trusted only when that module is loaded, so
 * a client cannot send it itself); X-Forwarded-For counts only through TRUSTED_PROXIES. Without
 * the edge (`next dev`) every client shares the key `unknown`.
 */
export function clientAddressKey(list: Headers): string {
  const peerHeader = (globalThis as { __deskPeerHeader?: string }).__deskPeerHeader;
  const address = resolveClientAddress({
    peer: peerHeader ? list.get(peerHeader) : null,
    forwardedFor: list.get('x-forwarded-for'),
    trusted: env().trustedProxies,
  });
  return address ? addressKey(address) : 'unknown';
}

/** The same for the current request (server actions, pages). */
export async function requestAddressKey(): Promise<string> {
  return clientAddressKey(await headers());
}
