import { describe, expect, it } from 'vitest';
import { screenDelays } from './draft-to-screen';
import type { FeedEvent } from './support/desk-client';

const queue = (questionId: number | null, receivedAt: number): FeedEvent => ({
  event: 'queue',
  questionId,
  receivedAt,
});

describe('when a stored draft reached the inbox stream', () => {
  it('skips the news of the question’s arrival and takes the next news of it', () => {
    const events = [queue(7, 1_000), queue(8, 1_010), queue(7, 1_030)];
    expect(screenDelays(new Map([[7, 1_020]]), events)).toEqual({ delays: [10], unseen: 0 });
  });

  it('takes "something changed" news after the commit, never news from before it', () => {
    const events = [queue(7, 1_000), queue(null, 1_015), queue(null, 1_250)];
    expect(screenDelays(new Map([[7, 1_020]]), events)).toEqual({ delays: [230], unseen: 0 });
  });

  it('ignores progress events and counts a draft no event showed', () => {
    const events: FeedEvent[] = [
      queue(7, 1_000),
      { event: 'progress', questionId: 7, receivedAt: 1_030 },
    ];
    expect(screenDelays(new Map([[7, 1_020]]), events)).toEqual({ delays: [], unseen: 1 });
  });
});
