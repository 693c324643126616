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
