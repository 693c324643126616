import 'server-only';

/**
 * What a worker's idle slots share: each sleeps until woken (news of work in this process, or a
 * change another process made) or until its poll comes round, whichever is first.
 */
export function idleSlots(pollMs: number): { sleep: () => Promise<void>; wakeAll: () => void } {
  const sleepers = new Set<() => void>();
  return {
    sleep: () =>
      new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, pollMs);
        sleepers.add(wake);
      }),
    wakeAll: () => {
      for (const wake of [...sleepers]) wake();
    },
  };
}
