import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';

type Method = 'run' | 'all' | 'values' | 'get';

/** What a statement returns to drizzle: rows as arrays of values, in the statement's order. */
export type StatementResult = { rows: unknown };

// Which transaction, if any, the running code is part of. Each transaction gets its own token,
// carried through every await inside it, so its statements pass while everyone else's wait.
const holding = new AsyncLocalStorage<symbol>();

// Enough for every statement the desk writes; texts that vary with a list's length come and go.
const MAX_STATEMENTS = 1_000;

/**
 * One better-sqlite3 connection shared by the whole process, behind drizzle's asynchronous
 * interface. Each statement is prepared once per text and runs synchronously when its turn
 * comes. A transaction awaits between its statements, so while one is open, statements from
 * the rest of the process wait for it to end instead of slipping into it (and into its commit
 * or rollback).
 */
export class SqliteConnection {
  private readonly statements = new Map<string, Database.Statement>();
  private holder: symbol | undefined;
  private waiters: (() => void)[] = [];
  private dataVersionStatement: Database.Statement | undefined;

  constructor(readonly sqlite: Database.Database) {}

  async execute(text: string, params: unknown[], method: Method): Promise<StatementResult> {
    while (this.holder !== undefined && holding.getStore() !== this.holder) await this.released();
    return this.run(text, params, method);
  }

  async transaction<T, D>(
    kind: 'immediate' | 'snapshot',
    db: D,
    work: (tx: D) => Promise<T>,
  ): Promise<T> {
    if (this.holder !== undefined && holding.getStore() === this.holder) return work(db);
    while (this.holder !== undefined) await this.released();
    const token = Symbol('transaction');
    this.holder = token;
    try {
      return await holding.run(token, async () => {
        this.sqlite.exec(kind === 'immediate' ? 'begin immediate' : 'begin');
        try {
          const result = await work(db);
          this.sqlite.exec('commit');
          return result;
        } catch (error) {
          if (this.sqlite.inTransaction) this.sqlite.exec('rollback');
          throw error;
        }
      });
    } finally {
      this.holder = undefined;
      const waiting = this.waiters;
      this.waiters = [];
      for (const wake of waiting) wake();
    }
  }

  readonly engine = 'sqlite';

  /** SQLite's count of commits through other connections (`PRAGMA data_version`). */
  async commitCount(): Promise<number> {
    this.dataVersionStatement ??= this.sqlite.prepare('pragma data_version').pluck();
    return this.dataVersionStatement.get() as number;
  }

  async close(): Promise<void> {
    if (this.sqlite.open) this.sqlite.close();
  }

  private released(): Promise<void> {
    return new Promise((wake) => this.waiters.push(wake));
  }

  private run(text: string, params: unknown[], method: Method): StatementResult {
    const statement = this.statement(text);
    if (method === 'run' || !statement.reader) {
      statement.run(params);
      return { rows: method === 'get' ? undefined : [] };
    }
    return { rows: method === 'get' ? statement.get(params) : statement.all(params) };
  }

  private statement(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (statement) return statement;
    statement = this.sqlite.prepare(text);
    if (statement.reader) statement.raw(true);
    if (this.statements.size >= MAX_STATEMENTS) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    this.statements.set(text, statement);
    return statement;
  }
}
