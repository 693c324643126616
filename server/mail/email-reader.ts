import 'server-only';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { storableStrings } from '@/lib/intake/clean-text';
import type { ReadEmail } from '@/lib/mail/read-email';

/**
 * Reads emails in a thread of their own: whatever an email makes the parser do (minutes of
 * backtracking, a heap's worth of strings), the server's event loop keeps answering. Each email
 * gets a time limit, enforced by ending the thread, and the thread a heap limit; an email that
 * passes either comes back unreadable with the reason, and the next email gets a fresh thread.
 */
export type EmailReader = {
  read: (
    raw: Buffer,
    options: { ownAddresses: readonly string[]; authservId?: string },
  ) => Promise<ReadEmail>;
  /** Ends the thread at once, whatever it is reading; reads in hand reject with ReaderStopped. */
  stop: () => void;
};

/** The email was not read because the reader was stopped: no verdict on the email. */
export class ReaderStopped extends Error {
  constructor() {
    super('the email reader was stopped');
  }
}

/** A real email is read in well under a second; ten is for a slow, busy machine. */
export const READ_TIME_LIMIT_MS = 10_000;
/** Its own heap, beside the server's: a 10 MB email reads in a fraction of it. */
export const READ_HEAP_MB = 192;
/** Loading the reader (tsx compiling it) on a busy machine; not the email's doing. */
const START_LIMIT_MS = 30_000;

/**
 * The worker is a plain .mjs file in the sources, found from the working directory: `npm
 * start`, `npm run worker` and the tests all run from the project's folder, and the file must
 * stay outside Next's bundle (it loads the reader itself).
 */
function defaultScript(): string {
  // Hidden from the bundler, which would otherwise make the path an entry of its own.
  return join(/* turbopackIgnore: true */ process.cwd(), 'server', 'mail', 'read-email-worker.mjs');
}

/**
 * Taken from Node at run time rather than imported: Next's bundler makes every `new Worker(…)`
 * of an imported Worker an entry of its own and pulls the whole project into it.
 */
const Thread: typeof Worker = process.getBuiltinModule('node:worker_threads').Worker;

function unreadable(reason: string): ReadEmail {
  return { readable: false, reason, messageId: null };
}

export function startEmailReader({
  timeLimitMs = READ_TIME_LIMIT_MS,
  heapMb = READ_HEAP_MB,
  script = defaultScript(),
}: {
  timeLimitMs?: number;
  heapMb?: number;
  script?: string;
} = {}): EmailReader {
  let booting: Promise<Worker> | undefined;
  let thread: Worker | undefined;
  let stopped = false;
  let cancel: (() => void) | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;

  const discard = (worker: Worker) => {
    if (thread === worker) {
      thread = undefined;
      booting = undefined;
    }
    void worker.terminate();
  };

  const boot = (): Promise<Worker> => {
    if (booting) return booting;
    const worker = new Thread(script, {
      // None of the server's own flags (its --import, its heap size): the limits are these.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
    });
    // An idle reader never keeps a stopping process alive.
    worker.unref();
    thread = worker;
    booting = new Promise<Worker>((resolve, reject) => {
      const failed = (error: Error) => {
        clearTimeout(timer);
        worker.off('message', onReady);
        discard(worker);
        reject(error);
      };
      const timer = setTimeout(
        () => failed(new Error(`the email reader did not start within ${START_LIMIT_MS / 1000} s`)),
        START_LIMIT_MS,
      );
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        clearTimeout(timer);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(worker);
      };
      const onError = (error: Error) =>
        failed(new Error(`the email reader could not start (${error.message})`));
      const onExit = (code: number) =>
        failed(new Error(`the email reader exited with code ${code} as it started`));
      worker.on('message', onReady);
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
    return booting;
  };

  const readOne = async (
    raw: Buffer,
    { ownAddresses, authservId }: { ownAddresses: readonly string[]; authservId?: string },
  ): Promise<ReadEmail> => {
    if (stopped) throw new ReaderStopped();
    const worker = await boot();
    if (stopped) throw new ReaderStopped();
    const id = nextId++;
    return new Promise<ReadEmail>((resolve, reject) => {
      const settle = (done: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        cancel = undefined;
        done();
      };
      const onMessage = (message: { id?: number; read?: ReadEmail }) => {
        if (message.id !== id || !message.read) return;
        // What comes back was made from a stranger's bytes: valid text only, from here on.
        const read = storableStrings(message.read);
        settle(() => resolve(read));
      };
      const onError = (error: Error & { code?: string }) => {
        discard(worker);
        const reason =
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `reading it needed more than the ${heapMb} MB of memory it may use`
            : `the reader failed on it (${error.message})`;
        settle(() => resolve(unreadable(reason)));
      };
      const onExit = (code: number) => {
        discard(worker);
        settle(() =>
          stopped
            ? reject(new ReaderStopped())
            : resolve(unreadable(`the reader stopped while reading it (exit code ${code})`)),
        );
      };
      const timer = setTimeout(() => {
        discard(worker);
        settle(() =>
          resolve(unreadable(`reading it took longer than the ${timeLimitMs / 1000} s allowed`)),
        );
      }, timeLimitMs);
      cancel = () => {
        discard(worker);
        settle(() => reject(new ReaderStopped()));
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      // A copy of its own, handed over rather than cloned again.
      const bytes = new Uint8Array(raw);
      worker.postMessage({ id, raw: bytes, ownAddresses: [...ownAddresses], authservId }, [
        bytes.buffer,
      ]);
    });
  };

  return {
    read: (raw, options) => {
      const job = queue.then(() => readOne(raw, options));
      queue = job.catch(() => {});
      return job;
    },
    stop: () => {
      stopped = true;
      cancel?.();
      if (thread) discard(thread);
    },
  };
}
