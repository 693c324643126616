import { describe, expect, it } from 'vitest';
import { ticketTokenInPath } from './ticket-shape';

const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('the ticket token a path names', () => {
  it('is read from the ticket page and the pages under it', () => {
    expect(ticketTokenInPath(`/t/${token}`)).toBe(token);
    expect(ticketTokenInPath(`/t/${token}/feedback/12`)).toBe(token);
  });

  it('is nothing for a malformed token or another page', () => {
    for (const path of ['/t/short', `/t/${token}!`, `/ask/${token}`, '/t/', '', null, undefined]) {
      expect(ticketTokenInPath(path), String(path)).toBeUndefined();
    }
  });
});
