import { formatWhen } from '@/lib/format-time';
import type { MailChannelView } from '@/lib/mail/channel-state';

const STATE_CLASS: Record<MailChannelView['state'], string> = {
  'not configured': 'bg-stone-100 text-stone-700',
  'not checked yet': 'bg-amber-50 text-amber-900',
  healthy: 'bg-green-50 text-green-900',
  failing: 'bg-red-50 text-red-800',
};

/** A mail server's state: the server in force, healthy or failing, the last answer and error. */
export function MailChannelBox({
  channel,
  timezone,
}: {
  channel: MailChannelView;
  timezone: string;
}) {
  return (
    <div
      data-testid={`mail-channel-${channel.name}`}
      data-state={channel.state}
      className="flex flex-col gap-1 rounded-md border border-stone-200 px-3 py-2"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-stone-700">Now</span>
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
        <p className="text-sm text-stone-600">Not connected: the desk works without it.</p>
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
  );
}
