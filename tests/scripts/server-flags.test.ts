import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';

describe('the server’s V8 flags', () => {
  it('cap the old generation and the young one by default', () => {
    expect(serverNodeFlags('')).toEqual(['--max-old-space-size=256', '--max-semi-space-size=8']);
  });

  it('leave out whatever the operator’s NODE_OPTIONS already sets', () => {
    expect(serverNodeFlags('--max-old-space-size=1024 --enable-source-maps')).toEqual([
      '--max-semi-space-size=8',
    ]);
  });
});
