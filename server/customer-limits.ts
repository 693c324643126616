import 'server-only';
import { MemoryRateLimiter } from '@/lib/rate-limit';
import { requestAddressKey } from './client-address';

/**
 * The limits on what customers send through the desk's own pages (a new question on /ask, a
 * message on their ticket): ten a minute from one address (server/client-address.ts: forwarded
 * addresses count only from TRUSTED_PROXIES), and a ceiling for everyone, which one address
 * cannot spend alone. Both pages count against the same limits.
 */
const limits = globalThis as unknown as {
  __customerLimiters?: { perAddress: MemoryRateLimiter; overall: MemoryRateLimiter };
};
limits.__customerLimiters ??= {
  perAddress: new MemoryRateLimiter({ max: 10, windowMs: 60_000 }),
  overall: new MemoryRateLimiter({ max: 300, windowMs: 60_000 }),
};
const { perAddress, overall } = limits.__customerLimiters;

/** Takes one message from the caller's allowance; a refusal says how long to wait. */
export async function takeCustomerMessage(): Promise<
  { allowed: true } | { allowed: false; message: string }
> {
  const address = await requestAddressKey();
  // The ceiling counts only what one address was allowed, so one address cannot spend it.
  const fromAddress = perAddress.take(address);
  const limited = fromAddress.allowed ? [overall.take('all')].find((d) => !d.allowed) : fromAddress;
  if (!limited || limited.allowed) return { allowed: true };
  const seconds = Math.ceil(limited.retryAfterMs / 1000);
  return {
    allowed: false,
    message: `You have sent a lot of messages in the last minute. Please wait ${seconds} seconds and try again.`,
  };
}
