/**
 * SQL written with `?` for each value, as SQLite takes it, numbered `$1, $2, …` for PostgreSQL;
 * a `?` inside a quoted string or name is left alone. For tests and the browser suite's checks,
 * which write their SQL once for both engines.
 */
export function numbered(text: string): string {
  let n = 0;
  let quote: string | null = null;
  let out = '';
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
      out += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      out += char;
    } else if (char === '?') {
      out += `$${++n}`;
    } else {
      out += char;
    }
  }
  return out;
}
