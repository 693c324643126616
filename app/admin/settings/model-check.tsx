'use client';

import { buttonClass, FormMessage } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { testModel } from './model-check-action';

/** "Test the model": one real request, its verdict in words beside the button. */
export function ModelCheck({ drafter }: { drafter: string }) {
  const { state, formAction, pending, message } = useFormAction(testModel);
  const verdict = state && 'verdict' in state ? state : undefined;
  return (
    <section className="flex max-w-xl flex-col gap-3" aria-labelledby="model-check-heading">
      <h2 id="model-check-heading" className="text-lg font-semibold">
        The drafting model
      </h2>
      <p className="text-sm text-stone-700" data-testid="drafter">
        Drafts are written by {drafter}.
      </p>
      <form action={formAction} className="flex flex-col gap-3">
        <button type="submit" className={`${buttonClass} self-start`} disabled={pending}>
          {pending ? 'Testing… (one real request)' : 'Test the model'}
        </button>
        <p className="text-sm text-stone-600">
          Sends one short question with the desk’s real tools to the configured model (Claude, or
          the OpenAI-compatible one when it drafts) and says what happened. It costs a fraction of a
          cent and changes nothing.
        </p>
        <FormMessage message={message} />
        {verdict ? (
          <p
            role="status"
            data-testid="model-check-verdict"
            data-ok={verdict.ok}
            className={`rounded-md px-3 py-2 ${verdict.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
          >
            {verdict.verdict}
          </p>
        ) : null}
      </form>
    </section>
  );
}
