import { z } from 'zod';
import { mailboxAddress } from './address';
import type { MailSecurity } from './presets';

/**
 * The Settings page's two email forms, read on the server: what the owner typed becomes the
 * settings stored for a channel (only what may be shown) and what to do with its password.
 * Fields the server's environment sets are not the form's: they are neither required nor read.
 */

/** What the form says to do with the stored password: keep it, store a new one, or remove it. */
export type SecretChange = undefined | null | string;

export type SmtpStored = {
  provider: string;
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  from?: string;
  publicBaseUrl?: string;
};

export type ImapStored = {
  provider: string;
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  folder: string;
  doneFolder?: string;
};

export type FormRead<T> =
  | { ok: true; settings: T; secret: SecretChange }
  | { ok: false; errors: Record<string, string> };

// Line breaks or control characters would let a value write headers or commands of its own.
const NO_CONTROLS = /^[^\p{Cc}]*$/u;
const HOST =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV6 = /^\[[0-9A-Fa-f:.]+\]$/;

const trimmed = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.string(),
);

const host = trimmed.pipe(
  z
    .string()
    .min(1, { message: 'Enter the server’s name, such as smtp.gmail.com.' })
    .refine((value) => HOST.test(value) || IPV6.test(value), {
      message: 'Only the server’s name, such as smtp.gmail.com: no https://, slashes or spaces.',
    }),
);

const port = trimmed.pipe(
  z
    .string()
    .min(1, { message: 'Enter the port, a number such as 587.' })
    .refine((value) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
      message: 'A port is a whole number from 1 to 65535, such as 587 or 993.',
    })
    .transform(Number),
);

const security = z.enum(['none', 'starttls', 'tls'], {
  message: 'Choose how the connection is protected.',
});

const user = (required: boolean) =>
  trimmed.pipe(
    z
      .string()
      .max(320, { message: 'At most 320 characters.' })
      .refine((value) => !required || value.length > 0, {
        message: 'Enter the user name the mail server knows you by (usually your email address).',
      })
      .refine((value) => !/\s/.test(value), { message: 'A user name has no spaces.' }),
  );

const folder = trimmed.pipe(
  z
    .string()
    .max(200, { message: 'At most 200 characters.' })
    .refine((value) => NO_CONTROLS.test(value), { message: 'A folder name is one line of text.' }),
);

const fromLine = trimmed.pipe(
  z
    .string()
    .min(1, { message: 'Enter the address replies come from.' })
    .max(320, { message: 'At most 320 characters.' })
    .refine((value) => NO_CONTROLS.test(value) && mailboxAddress(value) !== undefined, {
      message:
        'An email address, such as hello@juniper.example or “Juniper Bakery <hello@juniper.example>”.',
    }),
);

/** The desk's address on the web, as customers' links must start: scheme, host, maybe a path. */
export const publicBaseUrl = trimmed.pipe(
  z
    .string()
    .min(1, {
      message:
        'Enter the address customers open the desk at, such as https://desk.juniper.example.',
    })
    .transform((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message:
            'A web address starting with https:// (or http://), such as https://desk.juniper.example.',
        });
        return z.NEVER;
      }
      if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
        ctx.addIssue({
          code: 'custom',
          message:
            'A web address starting with https:// (or http://), with no name or password in it.',
        });
        return z.NEVER;
      }
      if (url.search || url.hash) {
        ctx.addIssue({ code: 'custom', message: 'Only the address, without ? or # parts.' });
        return z.NEVER;
      }
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    }),
);

const password = z
  .string()
  .max(1000, { message: 'At most 1,000 characters.' })
  .refine((value) => NO_CONTROLS.test(value), { message: 'A password is one line.' });

function secretChange(fields: Record<string, string>): z.ZodSafeParseResult<SecretChange> {
  if (fields.removePassword === 'on') return { success: true, data: null };
  const typed = password.safeParse(fields.password ?? '');
  if (!typed.success) return typed;
  return { success: true, data: typed.data === '' ? undefined : typed.data };
}

function collect<T>(
  parts: Record<string, z.ZodSafeParseResult<unknown>>,
  build: (data: Record<string, unknown>) => T,
  secret: z.ZodSafeParseResult<SecretChange>,
): FormRead<T> {
  const errors: Record<string, string> = {};
  const data: Record<string, unknown> = {};
  for (const [name, result] of Object.entries({ ...parts, password: secret })) {
    if (result.success) data[name] = result.data;
    else errors[name] = result.error.issues[0]?.message ?? 'Not valid.';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, settings: build(data), secret: data.password as SecretChange };
}

/** What the environment already sets for replies by email: those fields are not the form's. */
export type SmtpEnvOwned = { from: boolean; publicBaseUrl: boolean };

export function readSmtpForm(
  fields: Record<string, string>,
  owned: SmtpEnvOwned,
): FormRead<SmtpStored> {
  const parts: Record<string, z.ZodSafeParseResult<unknown>> = {
    host: host.safeParse(fields.host ?? ''),
    port: port.safeParse(fields.port ?? ''),
    security: security.safeParse(fields.security),
    user: user(false).safeParse(fields.user ?? ''),
  };
  if (!owned.from) parts.from = fromLine.safeParse(fields.from ?? '');
  if (!owned.publicBaseUrl)
    parts.publicBaseUrl = publicBaseUrl.safeParse(fields.publicBaseUrl ?? '');
  return collect(
    parts,
    (data) => ({
      provider: providerOf(fields.provider),
      host: (data.host as string).toLowerCase(),
      port: data.port as number,
      security: data.security as MailSecurity,
      user: data.user as string,
      ...(owned.from ? {} : { from: data.from as string }),
      ...(owned.publicBaseUrl ? {} : { publicBaseUrl: data.publicBaseUrl as string }),
    }),
    secretChange(fields),
  );
}

/** What the environment already sets for customers' emails. */
export type ImapEnvOwned = { doneFolder: boolean };

export function readImapForm(
  fields: Record<string, string>,
  owned: ImapEnvOwned,
): FormRead<ImapStored> {
  const parts: Record<string, z.ZodSafeParseResult<unknown>> = {
    host: host.safeParse(fields.host ?? ''),
    port: port.safeParse(fields.port ?? ''),
    security: security.safeParse(fields.security),
    user: user(true).safeParse(fields.user ?? ''),
    folder: folder.safeParse(fields.folder ?? ''),
  };
  if (!owned.doneFolder) parts.doneFolder = folder.safeParse(fields.doneFolder ?? '');
  return collect(
    parts,
    (data) => {
      const done = owned.doneFolder ? '' : (data.doneFolder as string);
      return {
        provider: providerOf(fields.provider),
        host: (data.host as string).toLowerCase(),
        port: data.port as number,
        security: data.security as MailSecurity,
        user: data.user as string,
        folder: (data.folder as string) || 'INBOX',
        ...(done ? { doneFolder: done } : {}),
      };
    },
    secretChange(fields),
  );
}

const PROVIDERS = new Set(['gmail', 'outlook', 'fastmail', 'icloud']);

function providerOf(value: string | undefined): string {
  return value && PROVIDERS.has(value) ? value : 'other';
}

/** Stored settings read back, tolerating a row written by an older or newer desk. */
export function storedSmtp(settings: Record<string, unknown> | undefined): SmtpStored | undefined {
  if (!settings) return undefined;
  const end = storedEnd(settings);
  if (!end) return undefined;
  return {
    ...end,
    user: typeof settings.user === 'string' ? settings.user : '',
    ...(typeof settings.from === 'string' && settings.from ? { from: settings.from } : {}),
    ...(typeof settings.publicBaseUrl === 'string' && settings.publicBaseUrl
      ? { publicBaseUrl: settings.publicBaseUrl }
      : {}),
  };
}

export function storedImap(settings: Record<string, unknown> | undefined): ImapStored | undefined {
  if (!settings) return undefined;
  const end = storedEnd(settings);
  if (!end || typeof settings.user !== 'string' || !settings.user) return undefined;
  return {
    ...end,
    user: settings.user,
    folder: typeof settings.folder === 'string' && settings.folder ? settings.folder : 'INBOX',
    ...(typeof settings.doneFolder === 'string' && settings.doneFolder
      ? { doneFolder: settings.doneFolder }
      : {}),
  };
}

function storedEnd(settings: Record<string, unknown>) {
  const { host: h, port: p, security: s } = settings;
  if (typeof h !== 'string' || !h || typeof p !== 'number') return undefined;
  if (s !== 'none' && s !== 'starttls' && s !== 'tls') return undefined;
  return {
    provider: typeof settings.provider === 'string' ? settings.provider : 'other',
    host: h,
    port: p,
    security: s as MailSecurity,
  };
}

/** How the owner is shown a server: like the environment's URLs, never with a password. */
export function shownServer(
  channel: 'smtp' | 'imap',
  end: { host: string; port: number; security: MailSecurity; user: string; folder?: string },
): string {
  const scheme = `${channel}${end.security === 'tls' ? 's' : ''}:`;
  const who = end.user ? `${encodeURIComponent(end.user)}@` : '';
  const path = channel === 'imap' ? `/${end.folder ?? 'INBOX'}` : '';
  return `${scheme}//${who}${end.host}:${end.port}${path}`;
}
