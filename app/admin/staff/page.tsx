import type { Metadata } from 'next';
import Link from 'next/link';
import { getBakery } from '@/db/bakery';
import { listOpenInvites } from '@/db/staff-invites';
import { listActiveUsers } from '@/db/users';
import { requireUser } from '@/server/session';
import { AppShell } from '../../_shell/app-shell';
import { OpenInvites } from '../start/open-invites';
import { AddStaffForm } from './add-staff-form';
import { RemoveStaffButton } from './remove-staff-button';

export const metadata: Metadata = { title: 'Staff' };

export default async function StaffPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/staff' });
  const people = await listActiveUsers();
  const invites = await listOpenInvites({ now: new Date() });
  const { timezone } = await getBakery();
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold">Staff</h1>
      <table className="w-full text-left" data-testid="staff-list">
        <thead>
          <tr>
            <th className="py-1">Name</th>
            <th className="py-1">Email</th>
            <th className="py-1">Role</th>
            <th className="py-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.id} className="border-t border-stone-200">
              <td className="py-2">{person.name}</td>
              <td className="py-2">{person.email}</td>
              <td className="py-2">{person.role}</td>
              <td className="py-2">
                {person.role === 'staff' ? (
                  <RemoveStaffButton userId={person.id} name={person.name} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="flex flex-col gap-4">
        <h2 className="text-xl font-semibold">Invite links waiting to be used</h2>
        <OpenInvites invites={invites} timezone={timezone} />
        <p className="text-sm text-stone-700">
          To let someone choose their own password,{' '}
          <Link href="/admin/start?step=staff" className="underline">
            send them an invite link
          </Link>
          .
        </p>
      </section>
      <section className="flex max-w-md flex-col gap-4">
        <h2 className="text-xl font-semibold">Add a staff member</h2>
        <AddStaffForm />
      </section>
    </AppShell>
  );
}
