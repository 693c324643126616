import { EventEmitter } from 'node:events';
import type { AgentEvent } from '@/lib/agent/types';

/**
 * In-process news about the queue: a question arrived or changed, or a draft is being written.
 * The worker in this process listens so it can start at once instead of at its next poll; the
 * inbox's live stream listens to show progress. Other processes learn of changes by polling.
 */
export type DeskEvent =
  | { kind: 'queueChanged'; questionId: number }
  | { kind: 'draftProgress'; questionId: number; event: AgentEvent };

const holder = globalThis as unknown as { __bakeryDeskEvents?: EventEmitter };

function bus(): EventEmitter {
  if (!holder.__bakeryDeskEvents) {
    holder.__bakeryDeskEvents = new EventEmitter();
    // Every open inbox tab listens; a busy desk may have dozens.
    holder.__bakeryDeskEvents.setMaxListeners(0);
  }
  return holder.__bakeryDeskEvents;
}

export function publishDeskEvent(event: DeskEvent): void {
  bus().emit('desk', event);
}

export function onDeskEvent(listener: (event: DeskEvent) => void): () => void {
  bus().on('desk', listener);
  return () => bus().off('desk', listener);
}
