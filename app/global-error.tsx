'use client';

import './globals.css';
import { ErrorReference } from './_shell/error-reference';

/**
 * When even the desk's frame fails: the whole document, in the same words as app/error.tsx,
 * with the request's id to quote.
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <main className="mx-auto flex max-w-xl flex-col gap-4 px-6 py-12">
          <h1 className="text-2xl font-semibold">Something went wrong on our side</h1>
          <p className="text-stone-700">
            The desk could not show this page. Reload it in a moment.
          </p>
          <ErrorReference digest={error.digest} />
        </main>
      </body>
    </html>
  );
}
