/**
 * A chart's value axis in words a person reads: whole-number ticks for counts (a count is never
 * "0.5"), and for waits ticks at round minutes or hours worded "15 min", "1 h 30 min" (minutes
 * with decimals rounded to "0, 0, 0, 0" on a short wait).
 */

/** At most this many steps up the axis: enough to read a bar against, few enough to fit. */
export const MOST_STEPS = 5;

const countSteps = (limit: number): number[] => {
  const steps: number[] = [];
  for (let power = 1; power <= limit * 10; power *= 10)
    for (const base of [1, 2, 5]) steps.push(base * power);
  return steps;
};

/** Minutes a person counts in: round quarters and halves of an hour, then whole hours and days. */
const minuteSteps = [
  1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1440, 2880, 7200, 14400, 28800,
];

function ticksOver(max: number, steps: readonly number[], most: number): number[] {
  const top = Math.max(0, max);
  const step =
    steps.find((s) => Math.ceil(top / s) <= most) ??
    Math.ceil(top / most / (steps[steps.length - 1] ?? 1)) * (steps[steps.length - 1] ?? 1);
  const count = Math.max(1, Math.ceil(top / step));
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/** Ticks from 0 for counts up to `max`: whole numbers 1, 2 or 5 times a power of ten apart. */
export function countTicks(max: number, most = MOST_STEPS): number[] {
  return ticksOver(max, countSteps(Math.max(1, max)), most);
}

/** Ticks from 0 for waits up to `maxMinutes`: round minutes, quarter and half hours, hours, days. */
export function minuteTicks(maxMinutes: number, most = MOST_STEPS): number[] {
  return ticksOver(maxMinutes, minuteSteps, most);
}

/** A number of minutes as a person says it: "0 min", "12 min", "1 h", "1 h 5 min", "26 h". */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
