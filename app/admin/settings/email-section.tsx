import { headers } from 'next/headers';
import { listMailChannels } from '@/db/mail-channels';
import { env } from '@/lib/env';
import { mailChannelView } from '@/lib/mail/channel-state';
import { suggestedPublicAddress } from '@/lib/mail/public-address';
import { parseMailServer } from '@/lib/mail/server-url';
import {
  type Channel,
  incomingFrom,
  outgoingFrom,
  savedConnection,
  savedImapView,
  savedSmtpView,
} from '@/server/mail/mail-config';
import { IncomingMailForm, OutgoingMailForm } from './email-forms';
import { MailChannelBox } from './mail-channels';

function shownOf(channel: Channel<{ shown: string }>): string | null {
  return channel.state === 'off'
    ? null
    : channel.state === 'ready'
      ? channel.config.shown
      : channel.shown;
}

/**
 * Settings → email: replies going out (SMTP) and customers' emails coming in (IMAP), each with
 * its state (the server in force, its last answer and error), its form and its check. What the
 * server's environment sets is shown read-only; passwords never leave the server.
 */
export async function EmailSection({ timezone }: { timezone: string }) {
  const config = env();
  const [smtp, imap, health, requestHeaders] = await Promise.all([
    savedConnection('smtp'),
    savedConnection('imap'),
    listMailChannels(),
    headers(),
  ]);
  const outgoing = outgoingFrom(config.SMTP_URL ? undefined : smtp.row?.settings, smtp.secret);
  const incoming = incomingFrom(config.IMAP_URL ? undefined : imap.row?.settings, imap.secret);
  const smtpView = savedSmtpView(smtp.row);
  const imapView = savedImapView(imap.row);
  const channel = (name: 'smtp' | 'imap', server: string | null) =>
    mailChannelView({ name, server, row: health.find((row) => row.name === name) });
  const incomplete = outgoing.state === 'incomplete' ? outgoing.missing : null;

  return (
    <section className="flex max-w-xl flex-col gap-6" aria-labelledby="mail-heading">
      <div className="flex flex-col gap-1">
        <h2 id="mail-heading" className="text-lg font-semibold">
          Email
        </h2>
        <p className="text-sm text-stone-600">
          Connect the bakery’s mailbox: replies you send go out by email, and customers’ emails
          become questions in the inbox. The desk keeps working when a mail server does not.
        </p>
      </div>

      <section className="flex flex-col gap-3" aria-labelledby="smtp-heading">
        <h3 id="smtp-heading" className="font-semibold">
          Replies by email
        </h3>
        <MailChannelBox channel={channel('smtp', shownOf(outgoing))} timezone={timezone} />
        {incomplete ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-950">
            Replies are not emailed yet: fill in {incomplete}.
          </p>
        ) : null}
        <OutgoingMailForm
          envServer={config.SMTP_URL ? parseMailServer(config.SMTP_URL).shown : null}
          envFrom={config.MAIL_FROM ?? null}
          envPublicAddress={config.PUBLIC_BASE_URL ?? null}
          saved={smtpView.settings}
          savedFrom={smtpView.settings?.from}
          savedPublicAddress={smtpView.settings?.publicBaseUrl}
          suggestedPublicAddress={suggestedPublicAddress({
            host: requestHeaders.get('host'),
            forwardedHost: requestHeaders.get('x-forwarded-host'),
            forwardedProto: requestHeaders.get('x-forwarded-proto'),
          })}
          password={{
            ending: smtpView.secretEnding,
            unreadable: smtp.secret.state === 'unreadable',
          }}
        />
      </section>

      <section className="flex flex-col gap-3" aria-labelledby="imap-heading">
        <h3 id="imap-heading" className="font-semibold">
          Customers’ emails
        </h3>
        <MailChannelBox channel={channel('imap', shownOf(incoming))} timezone={timezone} />
        <IncomingMailForm
          envServer={config.IMAP_URL ? parseMailServer(config.IMAP_URL).shown : null}
          envDoneFolder={config.IMAP_DONE_FOLDER ?? null}
          saved={imapView.settings}
          savedFolder={imapView.settings?.folder}
          savedDoneFolder={imapView.settings?.doneFolder}
          password={{
            ending: imapView.secretEnding,
            unreadable: imap.secret.state === 'unreadable',
          }}
        />
      </section>
    </section>
  );
}
