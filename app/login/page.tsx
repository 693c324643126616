import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { hasAnyUser } from '@/db/users';
import { safeNextPath } from '@/lib/auth/next-path';
import { getCurrentUser } from '@/server/session';
import { LoginForm } from './login-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  if (!(await hasAnyUser())) redirect('/setup');
  const { next } = await searchParams;
  const nextPath = typeof next === 'string' ? safeNextPath(next) : undefined;
  const user = await getCurrentUser();
  if (user) redirect(nextPath ?? (user.role === 'owner' ? '/admin' : '/inbox'));
  return (
    <main className="mx-auto flex max-w-md flex-col gap-6 px-6 py-16">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <LoginForm next={nextPath} />
    </main>
  );
}
