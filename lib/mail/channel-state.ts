import { parseMailServer } from './server-url';

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

const TITLES = { smtp: 'Replies by email (SMTP_URL)', imap: 'Customers’ emails (IMAP_URL)' };

/**
 * A channel is healthy when its server's last answer was a good one; an error since then makes
 * it failing. The last error and its time stay shown either way, so a recovered outage is seen.
 */
export function mailChannelView({
  name,
  url,
  row,
}: {
  name: 'smtp' | 'imap';
  url: string | undefined;
  row: { lastOkAt: Date | null; lastError: string | null; lastErrorAt: Date | null } | undefined;
}): MailChannelView {
  const lastOkAt = row?.lastOkAt ?? null;
  const lastErrorAt = row?.lastErrorAt ?? null;
  const base = {
    name,
    title: TITLES[name],
    server: url ? parseMailServer(url).shown : null,
    lastOkAt,
    lastError: row?.lastError ?? null,
    lastErrorAt,
  };
  if (!url) return { ...base, state: 'not configured' };
  if (!lastOkAt && !lastErrorAt) return { ...base, state: 'not checked yet' };
  const failing = lastErrorAt !== null && (lastOkAt === null || lastErrorAt > lastOkAt);
  return { ...base, state: failing ? 'failing' : 'healthy' };
}
