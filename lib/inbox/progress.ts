import type { AgentEvent } from '@/lib/agent/types';

/** A draft being written, as the question's page shows it while the events stream in. */
export type Progress = {
  turn: number;
  text: string;
  /** In the order the model asked; each remembers its call id so its result finds it. */
  lookups: { callId: string; name: string; done: boolean; isError: boolean }[];
  stopped: boolean;
};

export const emptyProgress: Progress = { turn: 0, text: '', lookups: [], stopped: false };

/** One event of a draft being written, folded into what the page shows. Pure. */
export function foldProgress(progress: Progress, event: AgentEvent): Progress {
  switch (event.kind) {
    case 'turnStarted':
      // A first turn is a new run. The answer is the last turn's text: words written before a
      // lookup are superseded.
      if (event.turn === 1) return { ...emptyProgress, turn: 1 };
      return { ...progress, turn: event.turn, text: '', stopped: false };
    case 'textDelta':
      return { ...progress, text: progress.text + event.text };
    case 'toolCall':
      return {
        ...progress,
        lookups: [
          ...progress.lookups,
          { callId: event.call.id, name: event.call.name, done: false, isError: false },
        ],
      };
    case 'toolResult': {
      // Calls of one turn run at once and finish in any order: a result belongs to its own call.
      const lookups = progress.lookups.map((lookup) =>
        lookup.callId === event.result.callId && !lookup.done
          ? { ...lookup, done: true, isError: event.result.isError }
          : lookup,
      );
      return { ...progress, lookups };
    }
    case 'stopped':
      return { ...progress, stopped: true };
  }
}
