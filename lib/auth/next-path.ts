/**
 * Where to go after sign-in: only a path on this site, never another origin. The path is
 * resolved the way a browser would (which drops tabs and newlines, and reads a backslash as a
 * slash), and kept only if it stays on the same origin.
 */
export function safeNextPath(next: unknown, fallback = '/inbox'): string {
  if (typeof next !== 'string' || !next.startsWith('/')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  const base = 'http://desk.invalid';
  let resolved: URL;
  try {
    resolved = new URL(next, base);
  } catch {
    return fallback;
  }
  if (resolved.origin !== base) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
