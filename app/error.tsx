'use client';

import { ErrorReference } from './_shell/error-reference';

/**
 * What a person sees when a page fails on the server: no details of the failure (those are in
 * the server's log), a way to try again, and the request's id to quote to whoever runs the desk.
 */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-6 py-12">
      <h1 className="text-2xl font-semibold">Something went wrong on our side</h1>
      <p className="text-stone-700">The page could not be shown. Try again in a moment.</p>
      <p>
        <button
          type="button"
          onClick={reset}
          className="rounded-md bg-amber-900 px-4 py-2 font-medium text-white"
        >
          Try again
        </button>
      </p>
      <ErrorReference digest={error.digest} />
    </main>
  );
}
