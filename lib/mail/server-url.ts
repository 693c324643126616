/**
 * A mail server's address as configured (SMTP_URL, IMAP_URL): what a client needs to connect,
 * and how to name it to an owner, never with its password.
 */
export type MailServer = {
  host: string;
  port: number;
  /** TLS from the first byte (smtps:, imaps:); otherwise plain, upgraded when offered. */
  secure: boolean;
  user: string;
  password: string;
  /** IMAP only: the folder to read, INBOX unless the URL's path names one. */
  mailbox: string;
  /** The address without its password, e.g. `imaps://desk@mail.example.com:993/INBOX`. */
  shown: string;
};

const DEFAULT_PORTS: Record<string, number> = {
  'imap:': 143,
  'imaps:': 993,
  'smtp:': 587,
  'smtps:': 465,
};

export function parseMailServer(url: string): MailServer {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:' || parsed.protocol === 'smtps:';
  const port = parsed.port ? Number(parsed.port) : (DEFAULT_PORTS[parsed.protocol] ?? 0);
  const path = decodeURIComponent(parsed.pathname.replace(/^\/+/, ''));
  const user = decodeURIComponent(parsed.username);
  const host = parsed.hostname;
  const mailbox = path || 'INBOX';
  const shownPath = parsed.protocol.startsWith('imap') ? `/${mailbox}` : '';
  return {
    host,
    port,
    secure,
    user,
    password: decodeURIComponent(parsed.password),
    mailbox,
    shown: `${parsed.protocol}//${user ? `${encodeURIComponent(user)}@` : ''}${parsed.host}${shownPath}`,
  };
}

/**
 * A mail client's failure in the server's own words where it gave some (a refused login, a
 * timeout, a refused connection), with any secret blanked out in case a server echoed it.
 */
export function describeMailError(error: unknown, secrets: readonly string[]): string {
  const failure = (error ?? {}) as {
    message?: unknown;
    responseText?: unknown;
    code?: unknown;
    authenticationFailed?: unknown;
  };
  const parts: string[] = [];
  if (failure.authenticationFailed === true) parts.push('the server refused the login');
  if (typeof failure.responseText === 'string' && failure.responseText) {
    parts.push(failure.responseText);
  } else if (typeof failure.message === 'string' && failure.message) {
    parts.push(failure.message);
  }
  if (
    typeof failure.code === 'string' &&
    !parts.some((part) => part.includes(String(failure.code)))
  ) {
    parts.push(`(${failure.code})`);
  }
  let text = parts.join(': ').replace(/\s+/g, ' ').trim() || 'the mail server failed';
  for (const secret of secrets) {
    if (secret) text = text.split(secret).join('••••');
  }
  return text.slice(0, 500);
}
