/** A moment as people at the bakery read it: "Dec 1, 2026, 10:32 AM" in the bakery's timezone. */
export function formatWhen(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

/** The time of day alone, "10:42 AM", in the bakery's timezone: for moments of the same day. */
export function formatClock(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone }).format(date);
}

/** A day as people at the bakery read it, without the year: "Nov 30". */
export function formatDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(
    date,
  );
}
