import 'server-only';
import { takeRateLimitHit } from '@/db/rate-limits';
import type { RateLimit } from '@/lib/rate-limit';
import { requestAddressKey } from './client-address';

/**
 * The limits on what customers send through the desk's own pages (a new question on /ask, a
 * message on their ticket): ten a minute from one address (server/client-address.ts: forwarded
 * addresses count only from TRUSTED_PROXIES), and a ceiling for everyone, which one address
 * cannot spend alone. Both pages count against the same limits, kept in the database, so every
 * server of the desk counts the same messages.
 */
const perAddress: RateLimit = { max: 10, windowMs: 60_000 };
const overall: RateLimit = { max: 300, windowMs: 60_000 };

/** Takes one message from the caller's allowance; a refusal says how long to wait. */
export async function takeCustomerMessage(): Promise<
  { allowed: true } | { allowed: false; message: string }
> {
  const address = await requestAddressKey();
  const now = new Date();
  // The ceiling counts only what one address was allowed, so one address cannot spend it.
  const fromAddress = await takeRateLimitHit({
    key: `customer:${address}`,
    limit: perAddress,
    now,
  });
  const limited = fromAddress.allowed
    ? [await takeRateLimitHit({ key: 'customer:all', limit: overall, now })].find((d) => !d.allowed)
    : fromAddress;
  if (!limited || limited.allowed) return { allowed: true };
  const seconds = Math.ceil(limited.retryAfterMs / 1000);
  return {
    allowed: false,
    message: `You have sent a lot of messages in the last minute. Please wait ${seconds} seconds and try again.`,
  };
}
