import type { ModelFailure } from './model-error';

export type IdleWatchdog = {
  /** Aborts once the stream has been silent for the idle timeout since the last `feed`. */
  signal: AbortSignal;
  /** Call on every sign of life: the response's headers, then each event. */
  feed(): void;
  stop(): void;
};

/**
 * SDK timeouts only cover the wait for a response's headers: a stream that stalls after them
 * would wait forever. The watchdog abandons one that goes silent for longer than `idleMs`.
 */
export function idleWatchdog(idleMs: number): IdleWatchdog {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    signal: controller.signal,
    feed() {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), idleMs);
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

/** A stream the watchdog abandoned: another try may go through. */
export function stalledFailure(who: string, idleMs: number): ModelFailure {
  return {
    kind: 'stalled',
    retryable: true,
    message: `${who} response stream went silent for ${idleMs} ms and was abandoned.`,
  };
}
