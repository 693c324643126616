import type { Metadata } from 'next';
import Link from 'next/link';
import { getBakery } from '@/db/bakery';
import { findStaffInvite } from '@/db/staff-invites';
import { looksLikeInviteToken } from '@/lib/auth/staff-invite';
import { closedInviteMessage } from './closed-invite';
import { JoinForm } from './join-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Join the desk', referrer: 'no-referrer' };

/**
 * Public, but it opens only with an invite link's token: a new colleague chooses their own
 * password here. A link used, taken back, past its week or never made says so plainly.
 */
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const bakery = await getBakery();
  const found = looksLikeInviteToken(token)
    ? await findStaffInvite({ token, now: new Date() })
    : ({ state: 'unknown' } as const);
  return (
    <main className="mx-auto flex max-w-md flex-col gap-6 px-6 py-16">
      <p className="text-sm font-medium text-amber-800">{bakery.name}</p>
      {found.state === 'open' ? (
        <>
          <h1 className="text-2xl font-semibold">Join the desk</h1>
          <p className="text-stone-700">
            Hello {found.invite.name}. Choose a password to sign in as{' '}
            <strong>{found.invite.email}</strong>; you will work the inbox with the bakery’s staff.
          </p>
          <JoinForm token={token} email={found.invite.email} />
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">This invite link does not open</h1>
          <p className="text-stone-700" data-testid="invite-closed">
            {closedInviteMessage(found.state)}
          </p>
          <p>
            <Link href="/login" className="underline">
              Sign in
            </Link>
          </p>
        </>
      )}
    </main>
  );
}
