import { ticketAddress } from '@/server/ticket-address';

/**
 * The ticket's own address, to keep: without an email, it is the customer's only way back to
 * the answer. The desk's public address where it is set, else the one the customer reached.
 */
export async function KeepLink({ token }: { token: string }) {
  const path = `/t/${token}`;
  const link = await ticketAddress(token);
  return (
    <p className="text-sm text-stone-700" data-testid="ticket-keep-link">
      Keep this link to come back for the answer:{' '}
      <a href={path} className="break-all font-medium text-amber-900 underline">
        {link}
      </a>
    </p>
  );
}
