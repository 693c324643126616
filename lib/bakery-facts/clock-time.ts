/** Wall-clock times as the admin forms take them: "HH:MM", 24-hour, 00:00 to 23:59. */

export function isClockTime(text: string): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  return match !== null && Number(match[1]) <= 23 && Number(match[2]) <= 59;
}

/** "7:30" and " 07:30 " to "07:30"; anything else to null. */
export function normalizeClockTime(text: string): string | null {
  const trimmed = text.trim();
  const padded = /^\d:\d{2}$/.test(trimmed) ? `0${trimmed}` : trimmed;
  return isClockTime(padded) ? padded : null;
}

/** Zero-padded HH:MM strings order as times do, so plain comparison is enough. */
export function opensBeforeCloses(opens: string, closes: string): boolean {
  return opens < closes;
}
