import 'server-only';
import { headers } from 'next/headers';
import { isReplacedTicket } from '@/db/questions';
import { ticketTokenInPath } from '@/lib/intake/ticket-shape';

/**
 * Whether the ticket link this request asked for is one staff replaced. A not-found page gets no
 * params, so the path comes from the proxy's `x-desk-path`, which a client cannot set.
 */
export async function requestedTicketWasReplaced(): Promise<boolean> {
  const token = ticketTokenInPath((await headers()).get('x-desk-path'));
  return token === undefined ? false : isReplacedTicket({ token });
}
