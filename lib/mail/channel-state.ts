/** A mail channel as the owner sees it on the settings page: never with its password. */
export type MailChannelView = {
  name: 'smtp' | 'imap';
  title: string;
  /** The configured address without its password, or null when the setting is unset. */
  server: string | null;
  state: 'not configured' | 'not checked yet' | 'healthy' | 'failing';
  lastOkAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
};

const TITLES = { smtp: 'Replies by email', imap: 'Customers’ emails' };

type HealthRow = { lastOkAt: Date | null; lastError: string | null; lastErrorAt: Date | null };

/** Whether the server's last word was an error (an answer since then clears it). */
export function channelFailing(row: HealthRow | undefined): boolean {
  const lastErrorAt = row?.lastErrorAt ?? null;
  const lastOkAt = row?.lastOkAt ?? null;
  return lastErrorAt !== null && (lastOkAt === null || lastErrorAt > lastOkAt);
}

/**
 * Whether the desk may tell a customer it will email them the answer: replies go out by email
 * (set up in the environment or in Settings) and the mail server is not failing right now.
 */
export function emailPromised({
  configured,
  row,
}: {
  configured: boolean;
  row: HealthRow | undefined;
}): boolean {
  return configured && !channelFailing(row);
}

/**
 * A channel is healthy when its server's last answer was a good one; an error since then makes
 * it failing. The last error and its time stay shown either way, so a recovered outage is seen.
 */
export function mailChannelView({
  name,
  server,
  row,
}: {
  name: 'smtp' | 'imap';
  /** The server in force, as shown (never with its password); null when none is set up. */
  server: string | null;
  row: HealthRow | undefined;
}): MailChannelView {
  const lastOkAt = row?.lastOkAt ?? null;
  const lastErrorAt = row?.lastErrorAt ?? null;
  const base = {
    name,
    title: TITLES[name],
    server,
    lastOkAt,
    lastError: row?.lastError ?? null,
    lastErrorAt,
  };
  if (!server) return { ...base, state: 'not configured' };
  if (!lastOkAt && !lastErrorAt) return { ...base, state: 'not checked yet' };
  return { ...base, state: channelFailing(row) ? 'failing' : 'healthy' };
}
