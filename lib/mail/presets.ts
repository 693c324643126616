/**
 * The mail providers most bakeries use, with the servers their help pages give for mail
 * programs. A preset only fills host, port and security; the owner still types their address
 * and password. Every one of them refuses the account's own password from a mail program once
 * two-step sign-in is on: the hint says where to make an app password instead.
 */
export type MailSecurity = 'none' | 'starttls' | 'tls';

export const MAIL_SECURITY_LABELS: Record<MailSecurity, string> = {
  tls: 'TLS from the start (usually port 465 or 993)',
  starttls: 'STARTTLS (usually port 587 or 143)',
  none: 'None (only for a server on this machine or network)',
};

export type ServerEnd = { host: string; port: number; security: MailSecurity };

export type MailPreset = {
  id: 'gmail' | 'outlook' | 'fastmail' | 'icloud';
  label: string;
  smtp: ServerEnd;
  imap: ServerEnd;
  /** Where the app password comes from, in a sentence. */
  hint: string;
};

export const MAIL_PRESETS: readonly MailPreset[] = [
  {
    id: 'gmail',
    label: 'Gmail / Google Workspace',
    smtp: { host: 'smtp.gmail.com', port: 587, security: 'starttls' },
    imap: { host: 'imap.gmail.com', port: 993, security: 'tls' },
    hint: 'Use an app password, not your Google password: turn on 2-Step Verification, then make one at myaccount.google.com/apppasswords. The user is your full email address.',
  },
  {
    id: 'outlook',
    label: 'Outlook / Microsoft 365',
    smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
    imap: { host: 'outlook.office365.com', port: 993, security: 'tls' },
    hint: 'The user is your full email address. Microsoft 365 accounts need “Authenticated SMTP” allowed by whoever runs your Microsoft account; with two-step verification on, make an app password in your Microsoft account’s security settings. Some Microsoft accounts no longer let mail programs sign in with a password at all: the check below will say so.',
  },
  {
    id: 'fastmail',
    label: 'Fastmail',
    smtp: { host: 'smtp.fastmail.com', port: 465, security: 'tls' },
    imap: { host: 'imap.fastmail.com', port: 993, security: 'tls' },
    hint: 'Fastmail needs an app password: Settings → Privacy & Security → Manage app passwords, with access to mail (IMAP/SMTP). The user is your full email address.',
  },
  {
    id: 'icloud',
    label: 'iCloud Mail',
    smtp: { host: 'smtp.mail.me.com', port: 587, security: 'starttls' },
    imap: { host: 'imap.mail.me.com', port: 993, security: 'tls' },
    hint: 'iCloud needs an app-specific password: sign in at account.apple.com, then Sign-In and Security → App-Specific Passwords. The user is your iCloud email address.',
  },
];

export function mailPreset(id: string | undefined): MailPreset | undefined {
  return MAIL_PRESETS.find((preset) => preset.id === id);
}

/** The preset whose server this is, so a saved setting shows which provider it came from. */
export function presetFor(
  channel: 'smtp' | 'imap',
  end: { host: string; port: number; security: MailSecurity } | undefined,
): MailPreset | undefined {
  if (!end) return undefined;
  return MAIL_PRESETS.find(
    (preset) =>
      preset[channel].host === end.host.toLowerCase() &&
      preset[channel].port === end.port &&
      preset[channel].security === end.security,
  );
}
