/** One field of an audited change, as the audit log page shows it. */
export type ChangeLine = { field: string; before: string | null; after: string | null };

/**
 * The fields an audit row's before/after JSON differ in. Lists (the weekly hours) are
 * compared element by element, labelled by their first field (weekday 6). Unreadable JSON
 * shows as it is.
 */
export function auditChanges(beforeJson: string | null, afterJson: string | null): ChangeLine[] {
  const before = flatten(read(beforeJson));
  const after = flatten(read(afterJson));
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  return fields
    .map((field) => ({ field, before: before.get(field) ?? null, after: after.get(field) ?? null }))
    .filter((line) => line.before !== line.after);
}

function read(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (value === undefined) return out;
  if (Array.isArray(value)) {
    value.forEach((element, i) => {
      const label = element && typeof element === 'object' ? labelOf(element, i) : String(i + 1);
      for (const [k, v] of flatten(element, `${prefix}${label} `)) out.set(k, v);
    });
    return out;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (inner && typeof inner === 'object') {
        for (const [k, v] of flatten(inner, `${prefix}${key} `)) out.set(k, v);
      } else {
        out.set(`${prefix}${key}`, inner === null ? '—' : String(inner));
      }
    }
    return out;
  }
  out.set(prefix.trim() || 'value', String(value));
  return out;
}

function labelOf(element: object, index: number): string {
  const [first] = Object.entries(element);
  return first ? `${first[0]} ${String(first[1])}` : String(index + 1);
}
