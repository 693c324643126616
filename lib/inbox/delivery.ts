import type { EmailDeliveryStatus } from '../domain';

/** A reply's email as staff read it beside the reply. */
export type DeliveryView = {
  status: EmailDeliveryStatus;
  toAddress: string;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  notBefore: Date | null;
};

/**
 * The words beside a sent reply: where its email stands. A temporary failure waiting for its
 * next try still says what the server answered; a failed one says it in the server's words.
 */
export function deliveryLine(
  delivery: DeliveryView,
  when: (at: Date) => string,
): { tone: 'pending' | 'ok' | 'failed'; text: string; canResend: boolean } {
  const to = delivery.toAddress;
  switch (delivery.status) {
    case 'sent':
      return {
        tone: 'ok',
        text: `Emailed to ${to}, ${delivery.sentAt ? when(delivery.sentAt) : 'accepted by the mail server'}.`,
        canResend: false,
      };
    case 'failed':
      return {
        tone: 'failed',
        text: `Email to ${to} failed: ${delivery.lastError ?? 'the mail server refused it'}`,
        canResend: true,
      };
    case 'sending':
      return {
        tone: 'pending',
        text: `Email to ${to}: handing it to the mail server…`,
        canResend: false,
      };
    default:
      return {
        tone: 'pending',
        text:
          delivery.lastError && delivery.notBefore
            ? `Email to ${to} queued: trying again at ${when(delivery.notBefore)} (the mail server said: ${delivery.lastError})`
            : `Email to ${to} queued.`,
        canResend: false,
      };
  }
}
