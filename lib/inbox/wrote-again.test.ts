import { describe, expect, it } from 'vitest';
import { customerWroteAgain } from './wrote-again';

const at = new Date('2026-12-01T10:42:00Z');

describe('customerWroteAgain', () => {
  it('names the newer message when the draft answers an older one', () => {
    const input = { run: { answeredMessageId: 3 }, latest: { id: 5, at } };
    for (const status of ['queued', 'drafting', 'drafted', 'failed'] as const) {
      expect(customerWroteAgain({ status, ...input })).toEqual(at);
    }
  });

  it('is null when the draft answers the newest message, or nothing is open', () => {
    expect(
      customerWroteAgain({
        status: 'drafted',
        run: { answeredMessageId: 5 },
        latest: { id: 5, at },
      }),
    ).toBeNull();
    for (const status of ['sent', 'discarded'] as const) {
      expect(
        customerWroteAgain({ status, run: { answeredMessageId: 3 }, latest: { id: 5, at } }),
      ).toBeNull();
    }
    expect(customerWroteAgain({ status: 'queued', run: null, latest: { id: 5, at } })).toBeNull();
    expect(
      customerWroteAgain({ status: 'queued', run: { answeredMessageId: null }, latest: null }),
    ).toBeNull();
  });
});
