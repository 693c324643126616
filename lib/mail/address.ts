/**
 * Email addresses as the desk needs them: the bare address out of a From line such as
 * `Juniper Bakery <hello@juniper.example>`, and its domain (the right side of Message-IDs).
 */
const BARE = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;

/** The address inside `Name <address>` or a bare address; undefined when there is none. */
export function mailboxAddress(line: string): string | undefined {
  const trimmed = line.trim();
  const angled = /<([^<>]+)>\s*$/.exec(trimmed);
  const candidate = (angled?.[1] ?? trimmed).trim();
  return BARE.test(candidate) ? candidate : undefined;
}

export function addressDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * An address as the desk compares senders: Unicode in its compatibility form (NFKC, so a
 * full-width or ligature spelling is the same address) and lower case, trimmed. Local parts
 * are case-sensitive in theory; no mail provider treats them so, and a customer writing once
 * as `Ada@` and once as `ada@` is one customer.
 */
export function comparableAddress(address: string): string {
  return address.normalize('NFKC').toLowerCase().normalize('NFKC').trim();
}

/** Whether two addresses are the same customer's; an absent one is nobody's. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = comparableAddress(a);
  return left !== '' && left === comparableAddress(b);
}
