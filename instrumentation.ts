/**
 * Runs once when a server process starts (never at build time). It opens the database, so a
 * fresh install is migrated and seeded before the first request, and starts the drafting
 * worker unless DRAFT_WORKER=off.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startInServer } = await import('./lib/drafting/start-in-server');
  startInServer();
}
