import { describe, expect, it } from 'vitest';
import { afterDeliveryFailure, classifyFailure, deliveryBackoffMs } from './delivery-policy';

const now = new Date('2026-05-01T09:00:00Z');

describe('a failed delivery', () => {
  it('a 5xx answer is final: failed at once, in the server’s words', () => {
    const failure = classifyFailure({
      message: "Can't send mail - all recipients were rejected: 550 5.1.1 No such user",
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.1.1 No such user',
      command: 'RCPT TO',
    });
    expect(failure).toEqual({
      kind: 'permanent',
      words: '550 5.1.1 No such user',
      serverTrouble: false,
    });
    expect(afterDeliveryFailure({ failure, attempts: 1, maxAttempts: 10, now })).toEqual({
      status: 'failed',
      lastError: '550 5.1.1 No such user',
    });
  });

  it('a 4xx answer or a failed connection is tried again later, with growing waits', () => {
    const greylisted = classifyFailure({
      message: 'Message failed: 451 4.7.1 Greylisted',
      code: 'EMESSAGE',
      responseCode: 451,
      response: '451 4.7.1 Greylisted',
      command: 'DATA',
    });
    expect(greylisted.kind).toBe('temporary');
    expect(greylisted.serverTrouble).toBe(false);
    const refused = classifyFailure({
      message: 'connect ECONNREFUSED 127.0.0.1:2525',
      code: 'ESOCKET',
      command: 'CONN',
    });
    expect(refused).toEqual({
      kind: 'temporary',
      words: 'connect ECONNREFUSED 127.0.0.1:2525',
      serverTrouble: true,
    });
    expect(afterDeliveryFailure({ failure: refused, attempts: 1, maxAttempts: 10, now })).toEqual({
      status: 'queued',
      notBefore: new Date(now.getTime() + 10_000),
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
    expect(deliveryBackoffMs(2)).toBe(20_000);
    expect(deliveryBackoffMs(30)).toBe(15 * 60_000);
    expect(afterDeliveryFailure({ failure: refused, attempts: 10, maxAttempts: 10, now })).toEqual({
      status: 'failed',
      lastError: 'Gave up after 10 tries: connect ECONNREFUSED 127.0.0.1:2525',
    });
  });

  it('a refused login is the server’s trouble (shown on the settings page) and final', () => {
    const login = classifyFailure({
      message: 'Invalid login: 535 5.7.8 Authentication failed',
      code: 'EAUTH',
      responseCode: 535,
      response: '535 5.7.8 Authentication failed',
      command: 'AUTH PLAIN',
    });
    expect(login).toEqual({
      kind: 'permanent',
      words: '535 5.7.8 Authentication failed',
      serverTrouble: true,
    });
  });
});
