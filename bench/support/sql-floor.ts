import Database from 'better-sqlite3';

/**
 * The floor under a page's queries: the very statements it ran, with their arguments, run again
 * directly on better-sqlite3, with no ORM, no rendering and no HTTP.
 */

export type Statement = { source: string; params: unknown[]; method: 'all' | 'get' };

type Prepare = (source: string) => Database.Statement;

/** Records every read `work` runs through `client` (better-sqlite3 beneath drizzle). */
export function recordStatements(client: Database.Database, work: () => void): Statement[] {
  const recorded: Statement[] = [];
  const original: Prepare = client.prepare.bind(client);
  const recording: Prepare = (source) => {
    const statement = original(source);
    if (!statement.reader) return statement;
    for (const method of ['all', 'get'] as const) {
      const run = statement[method].bind(statement) as (...params: unknown[]) => unknown;
      Object.defineProperty(statement, method, {
        value: (...params: unknown[]) => {
          recorded.push({ source, params, method });
          return run(...params);
        },
      });
    }
    return statement;
  };
  client.prepare = recording as typeof client.prepare;
  try {
    work();
  } finally {
    client.prepare = original as typeof client.prepare;
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
