'use server';

import { z } from 'zod';
import { action } from '@/server/action';
import { requestIdOfError } from '@/server/request-errors';

/**
 * Anyone: the error page asks which request failed with the digest it was given, so the person
 * can quote that request's id. It tells only an id this server made for a request; an unknown
 * digest gets nothing.
 */
export const errorReference = action(
  { role: 'anyone', input: z.object({ digest: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }) },
  async ({ digest }) => ({ ok: true as const, requestId: requestIdOfError(digest) ?? null }),
);
