import 'server-only';
import { headers } from 'next/headers';
import { env } from '@/lib/env';
import { suggestedPublicAddress } from '@/lib/mail/public-address';

/**
 * A page's full address as people are given it: on the desk's public address
 * (PUBLIC_BASE_URL), else on the one this request reached; the bare path when neither is known.
 */
export async function deskAddress(path: string): Promise<string> {
  const list = await headers();
  const base =
    env().PUBLIC_BASE_URL ??
    suggestedPublicAddress({
      host: list.get('host'),
      forwardedHost: list.get('x-forwarded-host'),
      forwardedProto: list.get('x-forwarded-proto'),
    });
  return base ? new URL(path, base).toString() : path;
}

/** A ticket page's full address, to keep or to email. */
export async function ticketAddress(token: string): Promise<string> {
  return deskAddress(`/t/${token}`);
}
