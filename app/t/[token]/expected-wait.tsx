import { currentWaitingLine } from '@/server/waiting-line';

/**
 * Under a waiting customer's message: how soon the bakery usually answers while it is open, or
 * when it opens again (lib/expectations). Nothing while there is nothing honest to say.
 */
export async function ExpectedWait() {
  const line = await currentWaitingLine();
  return line ? <p data-testid="ticket-expectation">{line}</p> : null;
}
