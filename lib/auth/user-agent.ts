/**
 * A browser's User-Agent in a few words ("Firefox on Windows"), so a person can tell their
 * sessions apart. A guess from well-known tokens, never used for any decision.
 */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
      ['curl/', 'curl'],
      ['node', 'a script'],
      ['Playwright', 'Playwright'],
    ].find(([token]) => userAgent.includes(token ?? ''))?.[1] ?? 'A browser';
  const system =
    [
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Android', 'Android'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token ?? ''))?.[1] ?? null;
  return system ? `${browser} on ${system}` : browser;
}
