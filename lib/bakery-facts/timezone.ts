/**
 * An IANA zone the runtime knows ("America/New_York"). The runtime's list is the authority:
 * it is what every date in a draft is read in. Aliases it accepts ("UTC", "US/Eastern") are
 * accepted too, and stored in the runtime's canonical spelling.
 */
export function canonicalTimezone(text: string): string | null {
  const zone = text.trim();
  if (zone === '' || zone.length > 64) return null;
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions()
      .timeZone;
    // Newer runtimes also take offsets such as "+05:00", which are not zones: no daylight saving.
    return /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

/** For the form's suggestions; empty where the runtime cannot list them. */
export function knownTimezones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}
