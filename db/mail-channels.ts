import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from './client';
import { type MailChannel, mailChannels } from './schema';

export type MailChannelName = MailChannel['name'];

/** A mail server answered as expected: the channel is healthy from now. */
export async function recordMailChannelOk({
  name,
  now,
}: {
  name: MailChannelName;
  now: Date;
}): Promise<void> {
  await (await getDb())
    .insert(mailChannels)
    .values({ name, lastOkAt: now })
    .onConflictDoUpdate({ target: mailChannels.name, set: { lastOkAt: now } });
}

/**
 * A mail server failed (down, slow, refusing the login): the words shown to the owner. The
 * caller passes the server's own message, never the URL with its password.
 */
export async function recordMailChannelError({
  name,
  error,
  now,
}: {
  name: MailChannelName;
  error: string;
  now: Date;
}): Promise<void> {
  await (await getDb())
    .insert(mailChannels)
    .values({ name, lastError: error, lastErrorAt: now })
    .onConflictDoUpdate({
      target: mailChannels.name,
      set: { lastError: error, lastErrorAt: now },
    });
}

/** Each channel's last answer; a channel that never ran has no row. */
export async function listMailChannels(): Promise<MailChannel[]> {
  return (await getDb()).select().from(mailChannels);
}

/**
 * The channel's server changed (the owner saved other settings): what the old one last said is
 * no longer news of this one, which has not been asked yet.
 */
export async function forgetMailChannel({ name }: { name: MailChannelName }): Promise<void> {
  await (await getDb()).delete(mailChannels).where(eq(mailChannels.name, name));
}
