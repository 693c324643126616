import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema-postgres';

type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };
type PgTx = Parameters<Parameters<PgDb['transaction']>[0]>[0];
export type TransactionKind = 'immediate' | 'snapshot';

/** Any number, the same in every process: the desk's writing transactions take turns on it. */
const WRITE_LOCK = 0x6465_736b;

/** How long a statement waits for a connection before it fails as the database unreachable. */
const CONNECT_TIMEOUT_MS = 10_000;

/** The channel every commit that changes the desk's rows is announced on (drizzle-postgres/). */
export const CHANGES_CHANNEL = 'desk_changes';

// Counts, sums and instants (milliseconds) are bigints; every one the desk keeps is far below
// 2^53, so they are read as numbers, as SQLite gives them. Set for the process: drizzle's
// queries bring their own parsers and fall back to pg's global ones, never a pool's.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

/**
 * A pool of connections to one PostgreSQL database behind the same asynchronous drizzle
 * interface the SQLite connection gives. A transaction's statements must go through its own
 * connection: the handle every query function holds follows the running code into the
 * transaction it is part of (AsyncLocalStorage), so code written for SQLite, which passes the
 * plain handle around inside a transaction, runs in the transaction here too.
 */
export class PostgresConnection {
  readonly engine = 'postgres';
  readonly pool: pg.Pool;
  readonly handle: PgDb;
  private readonly root: PgDb;
  private readonly inside = new AsyncLocalStorage<PgTx>();
  /** A drizzle handle on each pooled connection, made the first time it runs a transaction. */
  private readonly onConnection = new WeakMap<pg.PoolClient, PgDb>();
  private listener: Promise<pg.Client> | undefined;
  private commits = 0;
  private closed = false;

  constructor(readonly url: string) {
    // A connection not made within the timeout (the server unreachable, or every connection
    // busy for that long) fails the statement, which callers answer as "try again shortly".
    this.pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // A connection that dies while idle (the server restarted) is dropped from the pool, not
    // thrown at the process.
    this.pool.on('error', () => undefined);
    // The pool listens only while a connection is idle: one lost while checked out between two
    // statements (inside a transaction) would otherwise emit its 'error' with nobody listening and
    // end the process. Its next statement fails instead, and the pool discards it when released.
    this.pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    this.root = drizzle({ client: this.pool, schema });
    const inside = this.inside;
    const connection = this;
    this.handle = new Proxy(this.root, {
      get(root, property) {
        // The handle's own marks (its connection, `$client`) live on the root.
        if (typeof property === 'symbol' || property === '$client')
          return Reflect.get(root, property);
        const base = inside.getStore() ?? root;
        // A plain transaction (a claim's SKIP LOCKED) runs on a connection taken as below.
        if (property === 'transaction' && base === root) {
          return <T>(work: (tx: PgTx) => Promise<T>) => connection.onOwnConnection(work);
        }
        const value = Reflect.get(base, property);
        return typeof value === 'function' ? value.bind(base) : value;
      },
    });
  }

  /**
   * Runs `work` in a transaction on one connection. An immediate one first takes the desk's
   * write lock, held to its end, so writers take turns as they do on SQLite and a read-then-write
   * (sending a reply at a version, a lease check) is never raced; readers never wait for it.
   * A snapshot reads one moment (repeatable read). Begun inside another transaction, it joins it.
   */
  async transaction<T, D>(kind: TransactionKind, db: D, work: (tx: D) => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return work(db);
    return this.onOwnConnection(
      async (tx) => {
        if (kind === 'immediate')
          await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
        return this.inside.run(tx, () => work(db));
      },
      kind === 'snapshot' ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : {},
    );
  }

  /**
   * A transaction on a connection taken and handed back here, not by drizzle's pool
   * transaction, which never hands back one whose BEGIN failed (the server restarting): each
   * such connection would be lost to the pool until no statement could get one. One that died
   * is discarded by the pool as it comes back.
   */
  private async onOwnConnection<T>(
    work: (tx: PgTx) => Promise<T>,
    config?: Parameters<PgDb['transaction']>[1],
  ): Promise<T> {
    const client = await this.pool.connect();
    try {
      let onClient = this.onConnection.get(client);
      if (!onClient) {
        onClient = drizzle({ client, schema }) as unknown as PgDb;
        this.onConnection.set(client, onClient);
      }
      return await onClient.transaction(work, config);
    } finally {
      client.release();
    }
  }

  /**
   * A count that moves whenever a commit changed the desk's rows, announced by the database
   * (LISTEN/NOTIFY): this process's own commits move it too. Listening starts on the first read.
   */
  async commitCount(): Promise<number> {
    await this.listen();
    return this.commits;
  }

  private listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', () => {
        this.commits++;
      });
      client.on('error', () => {
        // Lost: the next read listens again, and counts the gap as a change.
        this.listener = undefined;
        this.commits++;
      });
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      if (this.closed) await client.end();
      return client;
    })();
    this.listener.catch(() => {
      this.listener = undefined;
    });
    return this.listener;
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = undefined;
    await Promise.all([
      listener?.then(
        (client) => client.end(),
        () => undefined,
      ),
      this.pool.end(),
    ]);
  }
}
