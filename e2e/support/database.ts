import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

/**
 * The e2e server's SQLite file, opened read-only: tests look, the app writes. The Claude
 * server's is `process.env.E2E_CLAUDE_DATABASE_PATH`.
 */
export function openDeskDatabase(path = process.env.E2E_DATABASE_PATH): Database.Database {
  if (!path)
    throw new Error('E2E_DATABASE_PATH is not set: run the suite through playwright.config.ts.');
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

export function countRows(
  table: 'questions' | 'agent_runs' | 'tool_calls' | 'replies' | 'messages',
): number {
  const db = openDeskDatabase();
  try {
    return db.prepare(`select count(*) from ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
}

/** The desk stores a ticket's token only as its SHA-256, as it does session ids. */
export function ticketHash(ticketPath: string): string {
  const token = ticketPath.split('/').pop() ?? '';
  return createHash('sha256').update(token).digest('hex');
}
