'use client';

import { forwardRef, useEffect, useRef } from 'react';
import { commandFor, type KeyCommand, keyHelp } from '@/lib/inbox/keys';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** Calls `run` for the inbox's keys; keys pressed inside an open dialog are the dialog's. */
export function useInboxKeys(run: (command: KeyCommand, event: KeyboardEvent) => void): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      const command = commandFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: isTyping(event.target),
      });
      if (!command) return;
      event.preventDefault();
      latest.current(command, event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The list of keys, opened with `?`. */
export const KeyHelpDialog = forwardRef<HTMLDialogElement>(function KeyHelpDialog(_props, ref) {
  return (
    <dialog
      ref={ref}
      aria-labelledby="key-help-title"
      data-testid="key-help"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-stone-900/40"
    >
      <h2 id="key-help-title" className="mb-3 text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {keyHelp.map((row) => (
          <div key={row.keys} className="contents">
            <dt>
              <kbd className="rounded border border-stone-300 bg-stone-100 px-1.5 py-0.5 font-mono">
                {row.keys}
              </kbd>
            </dt>
            <dd>{row.does}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-stone-600">Letters do nothing while you type in a field.</p>
      <form method="dialog" className="mt-4 flex justify-end">
        <button type="submit" className="rounded-md border border-stone-300 px-3 py-1.5">
          Close
        </button>
      </form>
    </dialog>
  );
});
