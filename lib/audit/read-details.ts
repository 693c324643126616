/**
 * An audit row's stored before/after JSON read leniently: rows written by any earlier release
 * must still read, so a missing or odd field gives undefined rather than an error.
 */
export type Details = Record<string, unknown>;

/** The stored JSON as it was written; unreadable text or nothing gives undefined. */
export function readJson(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** The stored JSON as an object of fields; anything else gives an empty one. */
export function readDetails(json: string | null): Details {
  const value = readJson(json);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : {};
}

export function textOf(details: Details, field: string): string | undefined {
  const value = details[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function numberOf(details: Details, field: string): number | undefined {
  const value = details[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function flagOf(details: Details, field: string): boolean | undefined {
  const value = details[field];
  return typeof value === 'boolean' ? value : undefined;
}

/** A list of words (allergens, tags, topics); null stays null (not stated), junk is dropped. */
export function wordsOf(details: Details, field: string): string[] | null | undefined {
  const value = details[field];
  if (value === null) return null;
  if (!Array.isArray(value)) return undefined;
  return value.filter((word): word is string => typeof word === 'string');
}

/** The objects in a stored list (the weekly hours, a replaced menu). */
export function listOf(value: unknown): Details[] {
  return Array.isArray(value)
    ? value.filter((item): item is Details => Boolean(item) && typeof item === 'object')
    : [];
}
