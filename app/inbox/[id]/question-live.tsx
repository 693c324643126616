'use client';

import { useState } from 'react';
import { emptyProgress, foldProgress, type Progress } from '@/lib/inbox/progress';
import { LiveBadge, useDebouncedRefresh, useInboxFeed } from '../_components/use-inbox-feed';

/**
 * Keeps a question's page live: it refreshes when the question (or the queue) changes, and while
 * a draft is being written here it shows the lookups and the text as it streams.
 */
export function QuestionLive({
  questionId,
  status,
}: {
  questionId: number;
  status: 'queued' | 'drafting' | 'other';
}) {
  const refresh = useDebouncedRefresh();
  const [progress, setProgress] = useState<Progress | null>(null);
  const state = useInboxFeed({
    onQueue: refresh,
    onProgress: (id, event) => {
      if (id !== questionId) return;
      setProgress((current) => foldProgress(current ?? emptyProgress, event));
    },
  });
  // Once the stored draft has arrived, the streamed copy has done its job.
  const show = status === 'drafting' || (progress !== null && !progress.stopped);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <LiveBadge state={state} />
      </div>
      {status === 'queued' && !progress ? (
        <p className="text-sm text-stone-700" data-testid="draft-queued">
          Waiting for the drafting worker to pick this question up…
        </p>
      ) : null}
      {show ? (
        <section
          aria-label="Draft being written"
          data-testid="draft-progress"
          className="flex flex-col gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3"
        >
          <p className="flex items-center gap-2 text-sm font-medium text-sky-950">
            <span aria-hidden className="size-2 animate-pulse rounded-full bg-sky-600" />
            {progress && progress.turn > 0
              ? `Drafting, turn ${progress.turn}…`
              : 'Drafting… (the text appears here as it is written)'}
          </p>
          {progress?.lookups.length ? (
            <ul className="flex flex-wrap gap-2 text-xs" aria-label="Lookups so far">
              {progress.lookups.map((lookup, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: lookups only ever append.
                  key={i}
                  className={`rounded-full px-2 py-0.5 ${lookup.isError ? 'bg-red-100 text-red-900' : 'bg-white text-sky-950'}`}
                >
                  {lookup.name}
                  {lookup.done ? '' : '…'}
                </li>
              ))}
            </ul>
          ) : null}
          {progress?.text ? (
            <p
              data-testid="draft-stream"
              className="whitespace-pre-wrap break-words rounded-md bg-white p-3 text-stone-900"
            >
              {progress.text}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
