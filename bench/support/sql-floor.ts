import Database from 'better-sqlite3';

/**
 * The floor under a page's queries: the very statements it ran, with their arguments, run again
 * directly on better-sqlite3, with no ORM, no rendering and no HTTP.
 */

export type Statement = { source: string; params: unknown[]; method: 'all' | 'get' };

/**
 * Records every read `work` runs through `client` (better-sqlite3 beneath drizzle). The
 * connection prepares each statement once and keeps it, so a statement `work` runs may have been
 * prepared before: the reads are caught where they run, on the statements' shared methods.
 */
export async function recordStatements(
  client: Database.Database,
  work: () => Promise<unknown>,
): Promise<Statement[]> {
  const recorded: Statement[] = [];
  const prototype = Object.getPrototypeOf(client.prepare('select 1')) as Database.Statement;
  const originals = {
    all: Object.getOwnPropertyDescriptor(prototype, 'all') as PropertyDescriptor,
    get: Object.getOwnPropertyDescriptor(prototype, 'get') as PropertyDescriptor,
  };
  for (const method of ['all', 'get'] as const) {
    const run = originals[method].value as (
      this: Database.Statement,
      ...params: unknown[]
    ) => unknown;
    Object.defineProperty(prototype, method, {
      ...originals[method],
      value(this: Database.Statement, ...params: unknown[]) {
        if (this.database === client && this.reader) {
          recorded.push({ source: this.source, params, method });
        }
        return run.apply(this, params);
      },
    });
  }
  try {
    await work();
  } finally {
    for (const method of ['all', 'get'] as const) {
      Object.defineProperty(prototype, method, originals[method]);
    }
  }
  return recorded;
}

/** Milliseconds to run every statement once, each prepared beforehand as a server would have. */
export function timeStatements(path: string, statements: readonly Statement[]) {
  const sqlite = new Database(path, { readonly: true });
  const prepared = statements.map((s) => ({ ...s, statement: sqlite.prepare(s.source) }));
  const once = (): number => {
    const started = performance.now();
    for (const { statement, params, method } of prepared) statement[method](...params);
    return performance.now() - started;
  };
  return { once, close: () => sqlite.close() };
}
