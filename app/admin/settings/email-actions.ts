'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getBakery } from '@/db/bakery';
import { saveConnection } from '@/db/connections';
import { env } from '@/lib/env';
import {
  type FormRead,
  type ImapStored,
  readImapForm,
  readSmtpForm,
  type SmtpStored,
} from '@/lib/mail/connection-form';
import { action } from '@/server/action';
import { checkMailbox, sendTestEmail } from '@/server/mail/checks';
import {
  type Channel,
  incomingFrom,
  type OpenedSecret,
  outgoingFrom,
  savedConnection,
} from '@/server/mail/mail-config';
import { reloadMail } from '@/server/mail/service';
import { NOTHING_CHANGED, refused } from '../../_components/form-state';

/**
 * Owner only: the two email forms on Settings. Each form's fields are read by lib/mail's
 * readers (errors beside their fields, nothing written on any); fields the server's
 * environment sets are not read at all. Saving restarts this process's mail workers at once;
 * `npm run worker` and other servers see the change within a few seconds.
 */
const formInput = z.record(z.string(), z.string());

type Fields =
  | 'host'
  | 'port'
  | 'security'
  | 'user'
  | 'password'
  | 'from'
  | 'publicBaseUrl'
  | 'folder'
  | 'doneFolder';

function smtpOwned() {
  const config = env();
  return { from: Boolean(config.MAIL_FROM), publicBaseUrl: Boolean(config.PUBLIC_BASE_URL) };
}

function imapOwned() {
  return { doneFolder: Boolean(env().IMAP_DONE_FOLDER) };
}

const ENV_SET = (variable: string) =>
  `These settings are set by the server’s environment (${variable}); change them there.`;

function rejected<T>(
  read: Extract<FormRead<T>, { ok: false }>,
  typed: Partial<Record<string, string>>,
) {
  return refused<Fields>(
    400,
    { message: 'Nothing was saved: check the fields marked below.', errors: read.errors },
    typed,
  );
}

function savedWords(changed: boolean, what: string) {
  return changed ? `${what} saved. The desk is using them now.` : NOTHING_CHANGED;
}

export const saveOutgoingMail = action(
  { role: 'owner', input: formInput },
  async (fields, user, typed) => {
    if (env().SMTP_URL) return refused<Fields>(400, { message: ENV_SET('SMTP_URL') });
    const read = readSmtpForm(fields, smtpOwned());
    if (!read.ok) return rejected(read, typed);
    const { changed } = await saveConnection({
      name: 'smtp',
      settings: read.settings,
      secret: read.secret,
      userId: user.id,
    });
    if (changed) await reloadMail();
    revalidatePath('/admin/settings');
    return { ok: true, message: savedWords(changed, 'Settings for replies by email') } as const;
  },
);

export const saveIncomingMail = action(
  { role: 'owner', input: formInput },
  async (fields, user, typed) => {
    if (env().IMAP_URL) return refused<Fields>(400, { message: ENV_SET('IMAP_URL') });
    const read = readImapForm(fields, imapOwned());
    if (!read.ok) return rejected(read, typed);
    const { changed } = await saveConnection({
      name: 'imap',
      settings: read.settings,
      secret: read.secret,
      userId: user.id,
    });
    if (changed) await reloadMail();
    revalidatePath('/admin/settings');
    return { ok: true, message: savedWords(changed, 'Settings for customers’ emails') } as const;
  },
);

/** The password a check uses: the one typed, none when it is being removed, else the saved one. */
async function secretFor(
  name: 'smtp' | 'imap',
  change: string | null | undefined,
): Promise<OpenedSecret> {
  if (typeof change === 'string') return { state: 'set', value: change };
  if (change === null) return { state: 'none' };
  return (await savedConnection(name)).secret;
}

function notReady(channel: Exclude<Channel<unknown>, { state: 'ready' }>): string {
  switch (channel.state) {
    case 'off':
      return 'Fill in the server first.';
    case 'unreadable':
      return 'The saved password can’t be read any more: enter it again.';
    case 'incomplete':
      return `Fill in ${channel.missing} first.`;
  }
}

/** "Send a test email to me": the form's settings as typed (not yet saved), to the owner. */
export const testOutgoingMail = action(
  { role: 'owner', input: formInput },
  async (fields, user, typed) => {
    let settings: SmtpStored | undefined;
    let secret: OpenedSecret = { state: 'none' };
    if (!env().SMTP_URL) {
      const read = readSmtpForm(fields, smtpOwned());
      if (!read.ok) return rejected(read, typed);
      settings = read.settings;
      secret = await secretFor('smtp', read.secret);
    }
    const outgoing = outgoingFrom(settings, secret);
    if (outgoing.state !== 'ready')
      return { ok: true, check: { ok: false, words: notReady(outgoing) } } as const;
    const check = await sendTestEmail({
      config: outgoing.config,
      to: user.email,
      bakeryName: (await getBakery()).name,
    });
    return { ok: true, check } as const;
  },
);

/** "Check the mailbox": signs in with the form's settings as typed and counts the emails. */
export const testIncomingMail = action(
  { role: 'owner', input: formInput },
  async (fields, _user, typed) => {
    let settings: ImapStored | undefined;
    let secret: OpenedSecret = { state: 'none' };
    if (!env().IMAP_URL) {
      const read = readImapForm(fields, imapOwned());
      if (!read.ok) return rejected(read, typed);
      settings = read.settings;
      secret = await secretFor('imap', read.secret);
    }
    const incoming = incomingFrom(settings, secret);
    if (incoming.state !== 'ready')
      return { ok: true, check: { ok: false, words: notReady(incoming) } } as const;
    return { ok: true, check: await checkMailbox(incoming.config) } as const;
  },
);
