/**
 * A concurrency cap with a bounded queue for password hashing. A hash costs about half a
 * second and 128 MiB, so without a cap a burst of sign-ins (made-up emails cost a full hash
 * each, so timing does not reveal accounts) would starve everyone, the owner included. At most
 * `concurrency` hashes run and `queue` wait; past that `tryRun` refuses at once, before any
 * work, and the caller answers 429.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limits: { concurrency: number; queue: number }) {}

  /** The work's result, or null (synchronously decided) when the gate is full. */
  tryRun<T>(work: () => Promise<T>): Promise<T> | null {
    if (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.queue) {
      return null;
    }
    return this.run(work);
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, so `running` never dips below the cap.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** For tests and diagnostics. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** Two cores here; a third hash in parallel only makes every sign-in slower. */
export const PASSWORD_HASH_LIMITS = { concurrency: 2, queue: 4 };
