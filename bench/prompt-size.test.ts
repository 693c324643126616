import { describe, expect, it } from 'vitest';
import { beforeTrimBytes, recordThreeTurns } from './prompt-cache';
import { comparePrefix, type RequestBody } from './support/prompt-prefix';

// Sizes, not speed: every byte of a request is sent again with each later turn of a draft.
describe("the seed question's requests to Claude", () => {
  it('repeat at least 90% of the request before, and the third is 30% under its size before the trim', async () => {
    const [first, second, third] = (await recordThreeTurns()) as [
      RequestBody,
      RequestBody,
      RequestBody,
    ];
    const latest = comparePrefix(second, third);
    expect(comparePrefix(first, second).extendsPrevious).toBe(true);
    expect(latest.extendsPrevious).toBe(true);
    expect(latest.repeatedShare).toBeGreaterThanOrEqual(0.9);
    expect(latest.bytes).toBeLessThanOrEqual(Math.floor(beforeTrimBytes * 0.7));
  });

  it('carry tool results with nothing that says nothing: no nulls, no empty lists, no flags at their default', async () => {
    const third = (await recordThreeTurns()).at(-1) as RequestBody;
    const results = (third.messages as { content: unknown }[])
      .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
      .filter((block) => block.type === 'tool_result');
    expect(results).toHaveLength(3);
    for (const result of results) {
      expect(result).not.toHaveProperty('is_error');
      expect(result.content).not.toMatch(/null|\[\]|\n|": /);
    }
  });
});
