'use client';

import { type ReactNode, useEffect, useState } from 'react';

/** Below Tailwind's `sm`, a phone: the trace waits folded to its one-line summary. */
const wideScreen = '(min-width: 640px)';

/**
 * The trace behind its one-line summary: open on wider screens once the page runs, folded on a
 * phone until asked for. The server renders it folded, so a phone never shows it open first.
 */
export function TracePanel({ summary, children }: { summary: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (window.matchMedia(wideScreen).matches) setOpen(true);
  }, []);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border border-stone-200 bg-white"
      data-testid="trace-panel"
    >
      <summary
        className="cursor-pointer px-4 py-2 text-sm font-medium text-stone-800"
        data-testid="trace-summary"
      >
        {summary}
      </summary>
      <div className="flex flex-col gap-4 border-t border-stone-200 p-3">{children}</div>
    </details>
  );
}
