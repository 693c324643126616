import { describe, expect, it } from 'vitest';
import {
  msUntilRelease,
  newReplyAnnouncement,
  pageIsBehind,
  readSeen,
  STREAM_FAILURES_BEFORE_POLLING,
  streamGivesUp,
  TICKET_STREAMS_PER_PROCESS,
  TICKET_STREAMS_PER_TICKET,
  ticketStreamAllowed,
} from './live';

describe('how many ticket streams a server keeps open', () => {
  it('refuses one link more streams than a customer has tabs, and the process more than its cap', () => {
    expect(ticketStreamAllowed({ open: 0, openForTicket: 0 })).toBe(true);
    expect(ticketStreamAllowed({ open: 10, openForTicket: TICKET_STREAMS_PER_TICKET - 1 })).toBe(
      true,
    );
    expect(ticketStreamAllowed({ open: 10, openForTicket: TICKET_STREAMS_PER_TICKET })).toBe(false);
    expect(ticketStreamAllowed({ open: TICKET_STREAMS_PER_PROCESS, openForTicket: 0 })).toBe(false);
  });
});

describe('when an open page is told its conversation changed', () => {
  it('reads the page’s newest message id, and nothing else, from the address', () => {
    expect(readSeen('42')).toBe(42);
    expect(readSeen('0')).toBe(0);
    expect(readSeen(null)).toBeNull();
    for (const junk of ['', '-1', '4.2', '1e3', 'abc', '9'.repeat(16)]) {
      expect(readSeen(junk)).toBeNull();
    }
  });

  it('only when the newest message it would show differs from the one it shows', () => {
    expect(pageIsBehind(41, 42)).toBe(true);
    expect(pageIsBehind(42, 42)).toBe(false);
    // A page that said nothing takes the first reading as its own.
    expect(pageIsBehind(null, 42)).toBe(false);
  });

  it('looks again just after a reply held for undo is released', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(msUntilRelease(null, now)).toBeNull();
    expect(msUntilRelease(new Date('2026-05-01T10:00:10Z'), now)).toBe(10_050);
    expect(msUntilRelease(new Date('2026-05-01T09:59:00Z'), now)).toBe(50);
  });
});

describe('when a page gives its stream up and polls', () => {
  it('at once when the server refused it, else after failures in a row', () => {
    expect(streamGivesUp({ failures: 1, closed: true })).toBe(true);
    expect(streamGivesUp({ failures: 1, closed: false })).toBe(false);
    expect(streamGivesUp({ failures: STREAM_FAILURES_BEFORE_POLLING, closed: false })).toBe(true);
  });
});

describe('what the live region says when a reply arrives', () => {
  const newest = { from: 'Rosa', text: 'Yes, Saturday at 9 works.' };

  it('the newest reply alone, when one is new', () => {
    expect(newReplyAnnouncement({ known: [3], shown: [3, 7], newest })).toBe(
      'New reply from Rosa: Yes, Saturday at 9 works.',
    );
    expect(newReplyAnnouncement({ known: [], shown: [3, 7], newest })).toBe(
      'New reply from Rosa: Yes, Saturday at 9 works.',
    );
  });

  it('nothing when no reply is new, such as after the customer’s own message', () => {
    expect(newReplyAnnouncement({ known: [3, 7], shown: [3, 7], newest })).toBeNull();
    expect(newReplyAnnouncement({ known: [], shown: [], newest: null })).toBeNull();
  });
});
