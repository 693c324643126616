'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { action } from '@/server/action';
import { endSession } from '@/server/session';

/** Anyone: signing out without a session is harmless and simply lands on /login. */
export const signOut = action({ role: 'anyone', input: z.object({}) }, async () => {
  await endSession();
  redirect('/login');
});
