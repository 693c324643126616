import { describe, expect, it } from 'vitest';
import { nextAfterSend } from './next-after-send';

describe('after Send', () => {
  it('goes on down the list to the next older question needing review', () => {
    expect(nextAfterSend({ enabled: true, sentId: 5, older: 3, newer: 8 })).toBe(3);
  });
  it('goes to a newer one when none is older', () => {
    expect(nextAfterSend({ enabled: true, sentId: 5, older: null, newer: 8 })).toBe(8);
  });
  it('stays when nothing needs review', () => {
    expect(nextAfterSend({ enabled: true, sentId: 5, older: null, newer: null })).toBeNull();
  });
  it('never goes back to the question just sent', () => {
    expect(nextAfterSend({ enabled: true, sentId: 5, older: 5, newer: null })).toBeNull();
  });
  it('stays when the person turned it off', () => {
    expect(nextAfterSend({ enabled: false, sentId: 5, older: 3, newer: 8 })).toBeNull();
  });
});
