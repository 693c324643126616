'use client';

import { useEffect, useState } from 'react';
import { messageOriginAllowed } from '@/lib/widget/messages';

/**
 * The panel's side of the "Ask us" loader: it takes messages only from the page framing it
 * (its parent) on an allowed website, and posts only to that parent. Each page of it says it
 * is ready, and asked to, moves the focus into itself; Esc or Close asks the loader to close it.
 */

const FOCUS = 'bakery-desk:focus';
const CLOSE = 'bakery-desk:close';
const READY = 'bakery-desk:ready';

/** The parent only hears this if it is on one of the origins: postMessage drops the rest. */
function tellParent(type: string, allowed: readonly string[]): void {
  if (window.parent === window) return;
  for (const origin of allowed) window.parent.postMessage({ type }, origin);
}

export function PanelBridge({ allowed, focusId }: { allowed: string[]; focusId: string }) {
  // Kept from the first render: a live refresh hands a new array with the same origins.
  const [origins] = useState(allowed);
  useEffect(() => {
    const listened = [...origins, window.location.origin];
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || !messageOriginAllowed(event.origin, listened)) return;
      if (event.data?.type === FOCUS) document.getElementById(focusId)?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') tellParent(CLOSE, listened);
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    // Once per page of the panel, not per refresh: the loader may now move the focus in.
    tellParent(READY, listened);
    return () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
    };
  }, [origins, focusId]);
  return null;
}

/** Close, for those who do not use Esc; shown only while the panel is framed. */
export function ClosePanelButton({ allowed }: { allowed: string[] }) {
  const [framed, setFramed] = useState(false);
  useEffect(() => setFramed(window.parent !== window), []);
  if (!framed) return null;
  return (
    <button
      type="button"
      onClick={() => tellParent(CLOSE, [...allowed, window.location.origin])}
      className="rounded-md border border-stone-300 px-3 py-1 text-sm font-medium hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-amber-700"
    >
      Close
    </button>
  );
}
