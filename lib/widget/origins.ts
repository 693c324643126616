import { z } from 'zod';

/**
 * The websites allowed to show the "Ask us" panel: each an origin (scheme, host, optional port,
 * nothing else), kept in one normal form so the owner's list, WIDGET_ORIGINS and the browser's
 * `event.origin` compare as plain strings.
 */

export type OriginReading = { ok: true; origin: string } | { ok: false; problem: string };

// Scheme, then a host with an optional port, then at most a lone slash: no path, query or user.
const ORIGIN_SHAPE = /^https?:\/\/[^/?#@\s\\]+\/?$/i;

/** One website address as its origin, lower-case host and no default port; or why not. */
export function readOrigin(text: string): OriginReading {
  const typed = text.trim();
  if (!/^https?:\/\//i.test(typed)) {
    return { ok: false, problem: 'start it with https:// (or http://)' };
  }
  if (!ORIGIN_SHAPE.test(typed)) {
    return { ok: false, problem: 'give the website alone, with no page path after it' };
  }
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, problem: 'not a website address' };
  }
  if (url.hostname === '' || url.hostname.includes('*')) {
    return { ok: false, problem: 'not a website address' };
  }
  return { ok: true, origin: url.origin };
}

export type OriginListReading =
  | { ok: true; origins: string[] }
  | { ok: false; problems: { text: string; problem: string }[] };

/** A list of origins separated by commas or new lines, blanks ignored, duplicates kept once. */
export function readOriginList(text: string | undefined): OriginListReading {
  const entries = (text ?? '')
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const origins: string[] = [];
  const problems: { text: string; problem: string }[] = [];
  for (const entry of entries) {
    const read = readOrigin(entry);
    if (!read.ok) problems.push({ text: entry, problem: read.problem });
    else if (!origins.includes(read.origin)) origins.push(read.origin);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, origins };
}

/** The websites the panel may be shown in: the environment's and the owner's, once each. */
export function allowedWidgetOrigins({
  saved,
  environment,
}: {
  saved: readonly string[];
  environment: readonly string[];
}): string[] {
  const all: string[] = [];
  for (const origin of [...environment, ...saved]) {
    const read = readOrigin(origin);
    if (read.ok && !all.includes(read.origin)) all.push(read.origin);
  }
  return all;
}

/**
 * The panel's `frame-ancestors`: the desk itself and the allowed websites; with none allowed,
 * no page at all may frame it.
 */
export function widgetFrameAncestors(origins: readonly string[]): string {
  return origins.length === 0 ? "'none'" : ["'self'", ...origins].join(' ');
}

/** The panel's pages (not the loader, /widget.js): the only pages another site may frame. */
export function isWidgetPanelPath(pathname: string): boolean {
  return pathname === '/widget' || pathname.startsWith('/widget/');
}

/** The Settings form: one website per line. */
export const widgetOriginsInput = z.object({
  origins: z
    .string()
    .max(4000, { error: 'Keep the list under 4,000 characters.' })
    .transform((text, ctx) => {
      const read = readOriginList(text);
      if (read.ok) return read.origins;
      ctx.addIssue({
        code: 'custom',
        message: read.problems.map(({ text, problem }) => `“${text}”: ${problem}.`).join(' '),
      });
      return z.NEVER;
    }),
});
