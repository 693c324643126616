import { formatWhen } from '@/lib/format-time';
import type { MailChannelView } from '@/lib/mail/channel-state';

const STATE_CLASS: Record<MailChannelView['state'], string> = {
  'not configured': 'bg-stone-100 text-stone-700',
  'not checked yet': 'bg-amber-50 text-amber-900',
  healthy: 'bg-green-50 text-green-900',
  failing: 'bg-red-50 text-red-800',
};

/** Each mail server's setting and last answer: configured, healthy, the last error and when. */
export function MailChannels({
  channels,
  timezone,
}: {
  channels: MailChannelView[];
  timezone: string;
}) {
  return (
    <section className="flex max-w-xl flex-col gap-3" aria-labelledby="mail-heading">
      <h2 id="mail-heading" className="text-lg font-semibold">
        Email
      </h2>
      <p className="text-sm text-stone-600">
        Set in the server’s environment (see the README). The desk keeps working when a mail server
        does not: web and API questions and the inbox do not wait for it.
      </p>
      {channels.map((channel) => (
        <div
          key={channel.name}
          data-testid={`mail-channel-${channel.name}`}
          data-state={channel.state}
          className="flex flex-col gap-1 rounded-md border border-stone-200 px-3 py-2"
        >
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-medium">{channel.title}</h3>
            <span
              data-testid="mail-channel-state"
              className={`rounded px-2 py-0.5 text-sm ${STATE_CLASS[channel.state]}`}
            >
              {channel.state}
            </span>
          </div>
          {channel.server ? (
            <p className="text-sm text-stone-700">
              Server: <span data-testid="mail-channel-server">{channel.server}</span>
            </p>
          ) : (
            <p className="text-sm text-stone-600">Not configured: the desk works without it.</p>
          )}
          {channel.lastOkAt ? (
            <p className="text-sm text-stone-700">
              Last answered: {formatWhen(channel.lastOkAt, timezone)}
            </p>
          ) : null}
          {channel.lastError && channel.lastErrorAt ? (
            <p className="text-sm text-red-800" data-testid="mail-channel-error">
              Last error ({formatWhen(channel.lastErrorAt, timezone)}): {channel.lastError}
            </p>
          ) : null}
        </div>
      ))}
    </section>
  );
}
