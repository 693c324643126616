'use client';

import { useRouter } from 'next/navigation';
import { type ReactNode, useEffect, useState } from 'react';
import { TICKET_TOKEN_SHAPE } from '@/lib/intake/ticket-shape';

/**
 * The panel remembers the customer's conversation in its own storage (the desk's origin, as
 * the browser keeps it for that website), so reopening the website shows it again. Storage the
 * browser refuses only means it is not remembered.
 */
const KEY = 'bakery-desk:ticket';

function read(): string | null {
  try {
    const token = window.localStorage.getItem(KEY);
    return token && TICKET_TOKEN_SHAPE.test(token) ? token : null;
  } catch {
    return null;
  }
}

function write(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(KEY, token);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Not remembered; the conversation still goes on while the panel is open.
  }
}

/** On the asking page: a remembered conversation opens instead; until that is known, nothing. */
export function ResumeRemembered({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    const token = read();
    if (token) router.replace(`/widget/t/${token}`);
    else setChecked(true);
  }, [router]);
  return checked ? children : <p className="text-stone-700">Opening…</p>;
}

/** On a conversation: remembers it. */
export function RememberTicket({ token }: { token: string }) {
  useEffect(() => write(token), [token]);
  return null;
}

/** On a link that opens nothing: forgets it, so the panel asks afresh. */
export function ForgetTicket() {
  useEffect(() => write(null), []);
  return null;
}

export function StartNewQuestion() {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={() => {
        write(null);
        router.push('/widget');
      }}
      className="self-start rounded-md border border-stone-300 bg-white px-4 py-2 font-medium hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-amber-700"
    >
      Start a new question
    </button>
  );
}
