import 'server-only';
import { listMailChannels } from '@/db/mail-channels';
import { emailPromised } from '@/lib/mail/channel-state';
import { outgoingMail } from './mail-config';

/**
 * Whether /ask and the ticket page may say the answer will come by email: replies go out by
 * email (the environment's settings or the owner's) and the mail server is not failing now.
 * Otherwise they say the answer will be on the ticket page, which is always true.
 */
export async function emailRepliesWork(): Promise<boolean> {
  const outgoing = await outgoingMail();
  if (outgoing.state !== 'ready') return false;
  const rows = await listMailChannels();
  return emailPromised({ configured: true, row: rows.find((row) => row.name === 'smtp') });
}
