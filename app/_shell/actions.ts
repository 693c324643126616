'use server';

import { redirect } from 'next/navigation';
import { endSession } from '@/server/session';

/** Public: signing out without a session is harmless and simply lands on /login. */
export async function signOut(): Promise<void> {
  await endSession();
  redirect('/login');
}
