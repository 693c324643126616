import { type DeskDatabaseAt, withDeskDatabase } from './database';

/**
 * A desk whose replies go out the moment they are sent (Settings' undo send at 0 seconds), for
 * the journeys that read a reply right after Send; a desk keeps the default 10-second hold
 * until this runs. Call it once the desk's database is migrated (after its first page).
 */
export function sendRepliesAtOnce(at: DeskDatabaseAt): Promise<void> {
  return holdRepliesFor(at, 0);
}

/** Settings' undo send, written straight into the desk's bakery row. */
export function holdRepliesFor(at: DeskDatabaseAt, seconds: number): Promise<void> {
  return withDeskDatabase((db) => db.run('update bakery set undo_send_seconds = ?', seconds), at);
}
