/** Where to go after sign-in: only a path on this site, never another origin. */
export function safeNextPath(next: unknown, fallback = '/inbox'): string {
  if (typeof next !== 'string') return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
