'use client';

import { useActionState } from 'react';
import { QUESTION_MAX_CHARS } from '@/lib/intake/question-input';
import { type AskFormState, submitQuestion } from './actions';

const initial: AskFormState = { status: 'idle' };

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {errors.join(' ')}
    </p>
  );
}

export function AskForm() {
  const [state, action, pending] = useActionState(submitQuestion, initial);
  const errors = state.fieldErrors ?? {};
  const inputClass =
    'w-full rounded-md border border-stone-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600';
  return (
    <form action={action} className="flex flex-col gap-5" noValidate>
      <div className="flex flex-col gap-1">
        <label htmlFor="name" className="font-medium">
          Your name
        </label>
        <input
          id="name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={state.values?.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'name-error' : undefined}
          className={inputClass}
        />
        <FieldError id="name-error" errors={errors.name} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="email" className="font-medium">
          Email <span className="font-normal text-stone-500">(optional)</span>
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={state.values?.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'email-error' : 'email-hint'}
          className={inputClass}
        />
        <p id="email-hint" className="text-sm text-stone-500">
          Your answer will be on the page you see next; we only use email to reach you about it.
        </p>
        <FieldError id="email-error" errors={errors.email} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="text" className="font-medium">
          Your question
        </label>
        <textarea
          id="text"
          name="text"
          rows={6}
          required
          maxLength={QUESTION_MAX_CHARS}
          defaultValue={state.values?.text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? 'text-error' : undefined}
          className={inputClass}
          placeholder="Can I pick up two dozen sourdough rolls on Saturday at 9?"
        />
        <FieldError id="text-error" errors={errors.text} />
      </div>
      <div aria-live="polite" data-testid="ask-status">
        {state.message ? (
          <p className={state.status === 'limited' ? 'text-amber-800' : 'text-red-700'}>
            {state.message}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={pending}
        className="self-start rounded-md bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800 disabled:opacity-60"
      >
        {pending ? 'Sending…' : 'Send question'}
      </button>
    </form>
  );
}
