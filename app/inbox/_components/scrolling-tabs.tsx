'use client';

import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A row of tab links that scrolls sideways when it is wider than the screen (a phone), with the
 * current one (`aria-current="page"`) scrolled into view whenever the page renders.
 */
export function ScrollingTabs({ label, children }: { label: string; children: ReactNode }) {
  const strip = useRef<HTMLElement>(null);

  useEffect(() => {
    const row = strip.current;
    const current = row?.querySelector('[aria-current="page"]');
    if (!row || !current) return;
    const shown = row.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    // Sideways only: scrollIntoView would also move the page itself up or down.
    if (tab.left < shown.left || tab.right > shown.right) {
      row.scrollLeft += tab.left - shown.left - (shown.width - tab.width) / 2;
    }
  });

  return (
    <nav ref={strip} aria-label={label} className="-mx-1 overflow-x-auto" data-testid="state-tabs">
      {children}
    </nav>
  );
}
