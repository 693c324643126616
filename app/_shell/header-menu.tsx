'use client';

import { usePathname } from 'next/navigation';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * The header's links and the person's own, behind a Menu button beside the `lead` (the bakery's
 * name and what needs review) on screens under 640 px and
 * always shown on wider ones (by CSS alone, so a desktop's header never moves as the page
 * wakes up). Escape closes the menu and gives the focus back to its button; following a link
 * in it closes it.
 */
export function HeaderMenu({ lead, children }: { lead: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  // Open on the page where it was opened: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focus = document.activeElement;
      setOpenOn(null);
      if (focus === button.current || panel.current?.contains(focus)) button.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <>
      {/* One line on a phone (the name gives way first); on wider screens its parts join the header's row. */}
      <div className="flex min-w-0 items-center gap-3 sm:contents">
        {lead}
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpenOn(open ? null : pathname)}
          className="ml-auto min-h-6 shrink-0 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium sm:hidden"
          data-testid="header-menu-button"
        >
          Menu
        </button>
      </div>
      <div
        ref={panel}
        id={panelId}
        className={`${open ? 'flex' : 'hidden'} w-full flex-col items-start gap-3 sm:flex sm:w-auto sm:grow sm:flex-row sm:items-center sm:gap-4`}
      >
        {children}
      </div>
    </>
  );
}
