import 'server-only';
import { eq } from 'drizzle-orm';
import { openSealedSecret, sealSecret, secretEnding } from '@/lib/secrets/seal';
import { deskSecretKey } from '@/server/secrets/desk-secret';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { type Connection, connections } from './schema';

export type ConnectionName = Connection['name'];
export type ConnectionSettings = Connection['settings'];

/**
 * What the audit log says of a secret: whether one is set and what a save did to it. Never
 * the secret, its sealed text or its ending.
 */
type SecretChange = 'set' | 'replaced' | 'removed' | 'kept' | 'none';

/** The stored connection (settings, sealed secret and its ending), or null when none is saved. */
export async function getConnection({
  name,
}: {
  name: ConnectionName;
}): Promise<Connection | null> {
  const [row] = await (await getDb())
    .select()
    .from(connections)
    .where(eq(connections.name, name))
    .limit(1);
  return row ?? null;
}

function sameSettings(a: ConnectionSettings, b: ConnectionSettings): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Saves a connection's shown settings and, with them, its secret: `undefined` keeps the stored
 * one, `null` removes it, a string is sealed (lib/secrets) and stored with its last characters.
 * Writes an audit row (`connection.update`) in the same transaction, holding only the shown
 * settings and what became of the secret. A save that changes nothing writes nothing.
 */
export async function saveConnection({
  name,
  settings,
  secret,
  userId,
  now = new Date(),
  key,
}: {
  name: ConnectionName;
  settings: ConnectionSettings;
  secret: string | null | undefined;
  userId: number | null;
  now?: Date;
  /** The sealing key; the desk's own (DESK_SECRET or desk-secret.key) unless a test gives one. */
  key?: Buffer;
}): Promise<{ changed: boolean }> {
  // Sealed before the transaction: the key file may be made on first use.
  const sealed =
    typeof secret === 'string'
      ? {
          sealedSecret: sealSecret({ plaintext: secret, key: key ?? deskSecretKey() }),
          secretEnding: secretEnding(secret),
        }
      : null;
  const db = await getDb();
  return immediate(db, async (tx) => {
    const [row] = await tx.select().from(connections).where(eq(connections.name, name)).limit(1);
    const had = Boolean(row?.sealedSecret);
    const change: SecretChange =
      secret === undefined
        ? had
          ? 'kept'
          : 'none'
        : secret === null
          ? had
            ? 'removed'
            : 'none'
          : had
            ? 'replaced'
            : 'set';
    const secretChanged = change === 'set' || change === 'replaced' || change === 'removed';
    if (row && !secretChanged && sameSettings(row.settings, settings)) return { changed: false };
    if (!row && !secretChanged && Object.keys(settings).length === 0) return { changed: false };
    const values = {
      settings,
      updatedAt: now,
      updatedBy: userId,
      ...(sealed ?? {}),
      ...(secret === null ? { sealedSecret: null, secretEnding: null } : {}),
    };
    await tx
      .insert(connections)
      .values({ name, ...values })
      .onConflictDoUpdate({ target: connections.name, set: values });
    await writeAudit(tx, {
      userId,
      at: now,
      action: 'connection.update',
      entity: 'connection',
      entityId: name,
      before: row ? { ...row.settings, secret: had ? 'set' : 'none' } : undefined,
      after: { ...settings, secret: change },
    });
    return { changed: true };
  });
}

/** Forgets a connection, its secret with it; audited as `connection.remove`. */
export async function removeConnection({
  name,
  userId,
  now = new Date(),
}: {
  name: ConnectionName;
  userId: number | null;
  now?: Date;
}): Promise<{ removed: boolean }> {
  const db = await getDb();
  return immediate(db, async (tx) => {
    const [row] = await tx.delete(connections).where(eq(connections.name, name)).returning();
    if (!row) return { removed: false };
    await writeAudit(tx, {
      userId,
      at: now,
      action: 'connection.remove',
      entity: 'connection',
      entityId: name,
      before: { ...row.settings, secret: row.sealedSecret ? 'set' : 'none' },
      after: { secret: row.sealedSecret ? 'removed' : 'none' },
    });
    return { removed: true };
  });
}

export type ConnectionSecret =
  | { state: 'none' }
  | { state: 'set'; value: string }
  /** Sealed under a key the desk no longer has (the key file removed or replaced), or damaged. */
  | { state: 'unreadable' };

/** The connection's secret opened, for the code that connects; never for a page. */
export async function readConnectionSecret({
  name,
  key,
}: {
  name: ConnectionName;
  key?: Buffer;
}): Promise<ConnectionSecret> {
  const row = await getConnection({ name });
  return openSecretOf(row, key);
}

/** The secret of a row already read (see `readConnectionSecret`). */
export function openSecretOf(row: Connection | null, key?: Buffer): ConnectionSecret {
  if (!row?.sealedSecret) return { state: 'none' };
  try {
    return {
      state: 'set',
      value: openSealedSecret({ sealed: row.sealedSecret, key: key ?? deskSecretKey() }),
    };
  } catch {
    // Sealed under another key or damaged (SecretUnreadableError), or the key file could not be
    // read or made: either way the secret cannot be opened, and the owner must enter it again.
    return { state: 'unreadable' };
  }
}
