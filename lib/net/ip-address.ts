import { isIPv4, isIPv6 } from 'node:net';

/**
 * Client addresses as rate-limit keys. Addresses arrive in many spellings (`::FFFF:10.0.0.1`,
 * `2001:DB8:0:0::1`, `fe80::1%eth0`); each is normalised to one form, so one client cannot pass
 * for many by respelling its address, and anything that is not an address is refused rather
 * than kept (a forged header must not become a 12 KB key).
 */

/** Longer than any textual IPv6 address with a zone; longer input is refused unread. */
const MAX_ADDRESS_LENGTH = 64;

/** The canonical text of an IP address (IPv4-mapped IPv6 as plain IPv4), or null. */
export function normaliseIp(raw: string): string | null {
  let text = raw.trim();
  if (text.length === 0 || text.length > MAX_ADDRESS_LENGTH) return null;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return null;
  const bytes = ipv6Bytes(text);
  if (!bytes) return null;
  if (isMappedIpv4(bytes)) return bytes.slice(12).join('.');
  // The URL parser prints IPv6 the RFC 5952 way: lower case, longest zero run as `::`.
  return new URL(`http://[${text}]/`).hostname.slice(1, -1);
}

/**
 * The key a per-address limit counts under. One IPv6 customer is usually handed a whole /64,
 * so an IPv6 address counts as its /64: otherwise one client would have 2^64 addresses to rotate.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const bytes = ipv6Bytes(ip);
  if (!bytes) return 'unknown';
  const groups: string[] = [];
  for (let i = 0; i < 8; i += 2) {
    groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  }
  return `${normaliseIp(`${groups.join(':')}::`)}/64`;
}

function isMappedIpv4(bytes: number[]): boolean {
  return bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
}

/** The 16 bytes of an IPv6 address (a valid one: checked with isIPv6 first). */
function ipv6Bytes(text: string): number[] | null {
  let head = text;
  let tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    tail = dotted[1].split('.').map(Number);
    head = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const [left = '', right] = head.split('::');
  const toGroups = (part: string) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const leftGroups = toGroups(left);
  const rightGroups = right === undefined ? [] : toGroups(right);
  const missing = 8 - leftGroups.length - rightGroups.length;
  if (missing < 0 || (right === undefined && missing !== 0)) return null;
  const groups = [...leftGroups, ...Array<number>(missing).fill(0), ...rightGroups];
  const bytes = groups.flatMap((g) => [(g >> 8) & 0xff, g & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : null;
}

function bytesOf(ip: string): number[] | null {
  if (isIPv4(ip)) return [...Array<number>(10).fill(0), 0xff, 0xff, ...ip.split('.').map(Number)];
  return ipv6Bytes(ip);
}

export type TrustedProxy = { bytes: number[]; prefixBits: number; text: string };

/**
 * `TRUSTED_PROXIES`: addresses and CIDR ranges separated by commas or spaces, e.g.
 * `127.0.0.1, 10.0.0.0/8, ::1`. Returns the parsed list or the entries that are not valid.
 */
export function parseTrustedProxies(
  text: string | undefined,
): { ok: true; proxies: TrustedProxy[] } | { ok: false; invalid: string[] } {
  const entries = (text ?? '').split(/[\s,]+/).filter(Boolean);
  const proxies: TrustedProxy[] = [];
  const invalid: string[] = [];
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const ip = normaliseIp(address);
    const bytes = ip ? bytesOf(ip) : null;
    const v4 = ip ? isIPv4(ip) : false;
    const maxBits = v4 ? 32 : 128;
    const bits = prefix === undefined ? maxBits : Number(prefix);
    if (
      !bytes ||
      !/^\d*$/.test(prefix ?? '') ||
      !Number.isInteger(bits) ||
      bits < 0 ||
      bits > maxBits
    ) {
      invalid.push(entry);
      continue;
    }
    // IPv4 ranges are held as IPv4-mapped IPv6, so one comparison serves both families.
    proxies.push({ bytes, prefixBits: v4 ? bits + 96 : bits, text: entry });
  }
  return invalid.length ? { ok: false, invalid } : { ok: true, proxies };
}

export function isTrustedProxy(ip: string, proxies: readonly TrustedProxy[]): boolean {
  const bytes = bytesOf(ip);
  if (!bytes) return false;
  return proxies.some(({ bytes: range, prefixBits }) => {
    for (let bit = 0; bit < prefixBits; bit++) {
      const mask = 0x80 >> (bit % 8);
      const i = Math.floor(bit / 8);
      if (((bytes[i] ?? 0) & mask) !== ((range[i] ?? 0) & mask)) return false;
    }
    return true;
  });
}

/** Past this many hops the chain is not worth reading: nobody runs that many proxies. */
const MAX_HOPS = 16;

/**
 * Who is asking. The socket's peer is the only address nobody can forge; X-Forwarded-For is read
 * only when that peer is a trusted proxy, from the right (the hops our own proxies appended) to
 * the first address that is not a trusted proxy: that is the client. Addresses further left were
 * written by the client and are never read. Returns the normalised address, or null when the
 * peer is unknown or the chain names something that is not an address.
 */
export function resolveClientAddress({
  peer,
  forwardedFor,
  trusted,
}: {
  peer: string | null | undefined;
  forwardedFor: string | null | undefined;
  trusted: readonly TrustedProxy[];
}): string | null {
  const socket = peer ? normaliseIp(peer) : null;
  if (!socket) return null;
  if (trusted.length === 0 || !isTrustedProxy(socket, trusted)) return socket;
  let client = socket;
  const hops = (forwardedFor ?? '').split(',').slice(-MAX_HOPS).reverse();
  for (const hop of hops) {
    if (!hop.trim()) continue;
    const ip = normaliseIp(hop);
    // A trusted proxy passed on something that is not an address: it came from the client.
    if (!ip) return client;
    client = ip;
    if (!isTrustedProxy(ip, trusted)) return ip;
  }
  return client;
}
