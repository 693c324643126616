import { describe, expect, it } from 'vitest';
import { configProblems } from '../config-problems';
import { envSchema } from '../env';

describe('presence settings', () => {
  it('default to a 10 s heartbeat and a 25 s expiry: a closed tab is gone within 30 s', () => {
    const env = envSchema.parse({});
    expect(env.PRESENCE_HEARTBEAT_MS).toBe(10_000);
    expect(env.PRESENCE_EXPIRY_MS).toBe(25_000);
  });

  it('refuse an expiry no longer than the heartbeat, naming the expiry', () => {
    const problems = configProblems({ PRESENCE_HEARTBEAT_MS: '5000', PRESENCE_EXPIRY_MS: '5000' });
    expect(problems.map((p) => p.variable)).toEqual(['PRESENCE_EXPIRY_MS']);
    expect(configProblems({ PRESENCE_HEARTBEAT_MS: '1000', PRESENCE_EXPIRY_MS: '3000' })).toEqual(
      [],
    );
  });
});
