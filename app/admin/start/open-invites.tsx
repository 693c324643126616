import type { InviteView } from '@/db/staff-invites';
import { formatWhen } from '@/lib/format-time';
import { ActionButton } from '../../_components/action-button';
import { revokeInvite } from './actions';

/** Invite links not yet used, with when each stops opening, and a way to take one back. */
export function OpenInvites({ invites, timezone }: { invites: InviteView[]; timezone: string }) {
  if (invites.length === 0) {
    return <p className="text-stone-700">No invite links are waiting to be used.</p>;
  }
  return (
    <table className="w-full text-left" data-testid="open-invites">
      <caption className="sr-only">Invite links waiting to be used</caption>
      <thead>
        <tr>
          <th className="py-1">Name</th>
          <th className="py-1">Email</th>
          <th className="py-1">Opens until</th>
          <th className="py-1">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invites.map((invite) => (
          <tr key={invite.id} className="border-t border-stone-200">
            <td className="py-2">{invite.name}</td>
            <td className="py-2">{invite.email}</td>
            <td className="py-2">{formatWhen(invite.expiresAt, timezone)}</td>
            <td className="py-2">
              <ActionButton
                action={revokeInvite}
                fields={{ id: invite.id }}
                label={`Take back the invite for ${invite.name}`}
                className="text-sm text-red-700 underline"
              >
                Take back
              </ActionButton>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
