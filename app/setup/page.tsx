import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasAnyUser } from '@/db/users';
import { SetupForm } from './setup-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Set up' };

/** First run only: once any account exists this page is gone for good. */
export default async function SetupPage() {
  if (await hasAnyUser()) notFound();
  return (
    <main className="mx-auto flex max-w-md flex-col gap-6 px-6 py-16">
      <h1 className="text-2xl font-semibold">Set up the desk</h1>
      <p className="text-stone-700">
        Nobody has an account yet. Create the owner account: the owner edits the menu and hours and
        adds staff.
      </p>
      <SetupForm />
    </main>
  );
}
