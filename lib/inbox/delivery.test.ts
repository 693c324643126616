import { describe, expect, it } from 'vitest';
import { type DeliveryView, deliveryLine } from './delivery';

const when = (at: Date) => at.toISOString().slice(11, 16);
const base: DeliveryView = {
  status: 'queued',
  toAddress: 'ana@example.com',
  attempts: 0,
  lastError: null,
  sentAt: null,
  notBefore: null,
};

describe('a reply’s email as staff read it', () => {
  it('queued, sending, sent at a time', () => {
    expect(deliveryLine(base, when)).toEqual({
      tone: 'pending',
      text: 'Email to ana@example.com queued.',
      canResend: false,
    });
    expect(deliveryLine({ ...base, status: 'sending' }, when).tone).toBe('pending');
    expect(
      deliveryLine({ ...base, status: 'sent', sentAt: new Date('2026-05-01T09:30:00Z') }, when),
    ).toEqual({ tone: 'ok', text: 'Emailed to ana@example.com, 09:30.', canResend: false });
  });

  it('a temporary failure says when it tries again and what the server said', () => {
    const line = deliveryLine(
      {
        ...base,
        attempts: 1,
        lastError: '451 4.3.0 Try again later',
        notBefore: new Date('2026-05-01T09:31:00Z'),
      },
      when,
    );
    expect(line.text).toBe(
      'Email to ana@example.com queued: trying again at 09:31 (the mail server said: 451 4.3.0 Try again later)',
    );
    expect(line.canResend).toBe(false);
  });

  it('a failed one carries the server’s words and may be sent again', () => {
    expect(
      deliveryLine({ ...base, status: 'failed', lastError: '550 5.1.1 No such user' }, when),
    ).toEqual({
      tone: 'failed',
      text: 'Email to ana@example.com failed: 550 5.1.1 No such user',
      canResend: true,
    });
  });
});
