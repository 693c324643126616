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
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // Resolving can itself make an off-site address: `/.//evil.example` resolves to the path
  // `//evil.example`, which a browser reads as another host. So the result is checked again.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if (new URL(path, base).origin !== base) return fallback;
  return path;
}

/**
 * Where a person lands once signed in: to choose their own password first if theirs is a
 * temporary one, otherwise where they were going, or their role's home.
 */
export function landingPath({
  role,
  mustChangePassword,
  next,
}: {
  role: 'owner' | 'staff';
  mustChangePassword: boolean;
  next?: unknown;
}): string {
  if (mustChangePassword) return '/account';
  return safeNextPath(next, role === 'owner' ? '/admin' : '/inbox');
}

/** The second step of a sign-in, carrying where the person was going. */
export function secondStepPath(next: unknown): string {
  const safe = typeof next === 'string' && next ? safeNextPath(next, '') : '';
  return safe ? `/login/code?next=${encodeURIComponent(safe)}` : '/login/code';
}
