import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { safeNextPath } from '@/lib/auth/next-path';
import { pendingSecondFactor } from '@/server/credentials';
import { SignInCodeForm } from './code-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign-in code' };

/** The second step of a sign-in; without a waiting sign-in there is nothing to do here. */
export default async function SignInCodePage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  if (!(await pendingSecondFactor())) redirect('/login');
  const { next } = await searchParams;
  const nextPath = typeof next === 'string' ? safeNextPath(next) : undefined;
  return (
    <main className="mx-auto flex max-w-md flex-col gap-6 px-6 py-16">
      <h1 className="text-2xl font-semibold">Enter your sign-in code</h1>
      <p className="text-stone-700">
        Your account has two-factor sign-in on. Open your authenticator app and type the code it
        shows for this desk.
      </p>
      <SignInCodeForm next={nextPath} />
      <Link href="/login" className="text-sm underline">
        Start again
      </Link>
    </main>
  );
}
