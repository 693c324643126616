import { z } from 'zod';
import { addDays, isIsoDate, zonedInstant } from '@/lib/agent/bakery/calendar';
import { AUDIT_KINDS, type AuditKind, actionsOfKind } from './sentences';

/** What the audit page's form and its links send, each field empty when unused. */
export type AuditFilterValues = {
  person: string;
  kind: string;
  from: string;
  to: string;
};

/** A place in the list: the entry shown last (or first), by time and then id. */
export type AuditCursor = { at: Date; id: number };

/** The query the database runs: who, which actions, between which instants, from where. */
export type AuditQuery = {
  /** A person's id; null for entries written with nobody signed in. */
  userId?: number | null;
  actions?: string[];
  since?: Date;
  until?: Date;
  /** Entries older than this one (the next page), or newer than it (the page before). */
  page?: { older: AuditCursor } | { newer: AuditCursor };
};

export type AuditFilterResult =
  | { ok: true; values: AuditFilterValues; query: AuditQuery }
  | { ok: false; values: AuditFilterValues; errors: AuditFilterErrors };

/** A message per field of the form, and `page` for a broken page link. */
export type AuditFilterErrors = Partial<Record<keyof AuditFilterValues | 'page', string>>;

/** The person select's value for entries nobody signed in wrote (setup, failed sign-ins). */
export const NOBODY = 'nobody';

const cursorText = /^(\d{1,15})_(\d{1,15})$/;

const blank = z.literal('');
const brokenLink = 'That page link is broken: start again from the newest entries.';
const day = z.string().refine(isIsoDate, { error: 'Choose a day, as YYYY-MM-DD.' });

const filterSchema = z
  .object({
    person: z.union(
      [
        blank,
        z.literal(NOBODY),
        z.string().regex(/^[1-9]\d{0,9}$/, { error: 'Choose someone from the list.' }),
      ],
      {
        error: 'Choose someone from the list.',
      },
    ),
    kind: z.union([blank, z.enum(Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]])], {
      error: 'Choose a kind from the list.',
    }),
    from: z.union([blank, day], { error: 'Choose a day, as YYYY-MM-DD.' }),
    to: z.union([blank, day], { error: 'Choose a day, as YYYY-MM-DD.' }),
    older: z.union([blank, z.string().regex(cursorText, { error: brokenLink })]),
    newer: z.union([blank, z.string().regex(cursorText, { error: brokenLink })]),
  })
  .refine((f) => f.from === '' || f.to === '' || f.from <= f.to, {
    path: ['to'],
    error: 'The last day must not be before the first.',
  });

/** One value of a query string field; repeated fields take the first, absent ones are empty. */
function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function cursorOf(text: string): AuditCursor | undefined {
  const match = cursorText.exec(text);
  return match ? { at: new Date(Number(match[1])), id: Number(match[2]) } : undefined;
}

/** The query string field that names a place in the list. */
export function cursorParam(entry: { at: Date; id: number }): string {
  return `${entry.at.getTime()}_${entry.id}`;
}

/**
 * The audit page's query string read and checked: who, which kind, which days (the bakery's,
 * in its time zone) and which page. Anything unreadable gives a message per field, and no query.
 */
export function parseAuditFilter(
  search: Record<string, string | string[] | undefined>,
  timeZone: string,
): AuditFilterResult {
  const raw = {
    person: single(search.person),
    kind: single(search.kind),
    from: single(search.from),
    to: single(search.to),
    older: single(search.older),
    newer: single(search.newer),
  };
  const values = { person: raw.person, kind: raw.kind, from: raw.from, to: raw.to };
  const parsed = filterSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: AuditFilterErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const key = field === 'older' || field === 'newer' ? 'page' : field;
      if (
        (key === 'page' || (typeof key === 'string' && key in values)) &&
        !errors[key as 'page']
      ) {
        errors[key as keyof AuditFilterErrors] = issue.message;
      }
    }
    return { ok: false, values, errors };
  }
  const f = parsed.data;
  const older = cursorOf(f.older);
  const newer = cursorOf(f.newer);
  const query: AuditQuery = {
    ...(f.person === '' ? {} : { userId: f.person === NOBODY ? null : Number(f.person) }),
    ...(f.kind === '' ? {} : { actions: actionsOfKind(f.kind) }),
    ...(f.from === '' ? {} : { since: zonedInstant(f.from, '00:00', timeZone) }),
    ...(f.to === '' ? {} : { until: zonedInstant(addDays(f.to, 1), '00:00', timeZone) }),
    ...(older ? { page: { older } } : newer ? { page: { newer } } : {}),
  };
  return { ok: true, values, query };
}

/** The query string for the same filter at another place in the list. */
export function auditSearch(
  values: AuditFilterValues,
  page?: { older: string } | { newer: string },
): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(values)) if (value !== '') params.set(field, value);
  if (page && 'older' in page) params.set('older', page.older);
  if (page && 'newer' in page) params.set('newer', page.newer);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
