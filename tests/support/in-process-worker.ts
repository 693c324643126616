import { resetEnvForTests } from '@/lib/env';
import { draftClaimedQuestion } from '@/server/drafting/draft-question';
import { POLL_MS } from '@/server/drafting/service';
import { draftSettingsFromEnv } from '@/server/drafting/settings';
import { startWorker, type Worker } from '@/server/drafting/worker';

export type InProcessWorker = {
  worker: Worker;
  /** Every line the worker logged. */
  log: string[];
  /** Stops the worker and puts back the settings it was started with (once; again does nothing). */
  stop: () => Promise<void>;
};

/**
 * The drafting worker `npm run worker` runs, wired as `startDraftingWorker` wires it (settings
 * from the environment, a model chosen afresh for each claim and draft), but started in this
 * process with `settings` laid over the environment until it is stopped: for checks of what the
 * queue and the model adapters leave behind, where a process of its own would only add a start.
 * A new one each call (startDraftingWorker keeps one for the process). Tests of the process
 * itself (signals, a kill, two processes on one database) spawn it (tests/support/processes.ts).
 */
export function startWorkerInProcess(settings: Record<string, string>): InProcessWorker {
  const saved = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  Object.assign(process.env, settings);
  resetEnvForTests();
  const drafting = draftSettingsFromEnv();
  const log: string[] = [];
  const worker = startWorker({
    concurrency: Number(settings.DRAFT_CONCURRENCY ?? 1),
    leaseMs: drafting.leaseMs,
    maxAttempts: drafting.maxAttempts,
    budget: drafting.budget,
    pollMs: POLL_MS,
    log: (line) => log.push(line),
    draft: ({ question, owner, signal }) =>
      draftClaimedQuestion({ question, owner, signal, settings: drafting }),
  });
  let stopped = false;
  return {
    worker,
    log,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await worker.stop({ graceMs: 0 });
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetEnvForTests();
    },
  };
}
