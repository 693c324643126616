'use client';

import { useRouter } from 'next/navigation';
import { useRef } from 'react';
import { KeyHelpDialog, useInboxKeys } from './keyboard';
import { LiveBadge, useDebouncedRefresh, useInboxFeed } from './use-inbox-feed';

/**
 * The list's live refresh and keys: j and k move the focus between rows, e opens the focused
 * row (or the first), ? shows the keys.
 */
export function ListControls() {
  const router = useRouter();
  const refresh = useDebouncedRefresh();
  const state = useInboxFeed({ onQueue: refresh });
  const help = useRef<HTMLDialogElement>(null);

  useInboxKeys((command) => {
    const rows = Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-inbox-row]'));
    const at = rows.indexOf(document.activeElement as HTMLAnchorElement);
    if (command === 'help') help.current?.showModal();
    if (command === 'next') rows[Math.min(at + 1, rows.length - 1)]?.focus();
    if (command === 'previous') rows[Math.max(at - 1, 0)]?.focus();
    if (command === 'edit') {
      const row = rows[Math.max(at, 0)];
      if (row) router.push(row.getAttribute('href') ?? '/inbox');
    }
  });

  return (
    <div className="flex items-center gap-3">
      <LiveBadge state={state} />
      <button
        type="button"
        onClick={() => help.current?.showModal()}
        className="text-sm text-stone-700 underline"
      >
        Keys (?)
      </button>
      <KeyHelpDialog ref={help} />
    </div>
  );
}
