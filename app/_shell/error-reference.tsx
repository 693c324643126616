'use client';

import { useEffect, useState } from 'react';
import { errorReference } from './error-reference-action';

/**
 * The line an error page shows so staff can quote what failed: the request's id (the one in
 * the server's log lines for it), asked from the server by the error's digest; the digest
 * itself while it is asked, or when the server no longer knows it.
 */
export function ErrorReference({ digest }: { digest: string | undefined }) {
  const [requestId, setRequestId] = useState<string | null>(null);
  useEffect(() => {
    if (!digest) return;
    let current = true;
    const form = new FormData();
    form.set('digest', digest);
    errorReference(null, form).then(
      (answer) => {
        if (current && answer.ok && answer.requestId) setRequestId(answer.requestId);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [digest]);
  if (!digest && !requestId) return null;
  return (
    <p className="text-sm text-stone-700">
      If it keeps happening, tell whoever runs the desk this reference:{' '}
      <code data-testid="error-reference" className="rounded bg-stone-100 px-1 font-mono">
        {requestId ?? digest}
      </code>
    </p>
  );
}
