'use client';

import { QUESTION_MAX_CHARS } from '@/lib/intake/question-input';
import { ActionForm } from '../_components/action-form';
import { TextField } from '../_components/text-field';
import { useFormAction } from '../_components/use-form-action';
import { submitQuestion } from './actions';

/**
 * `emailed`: replies go out by email now, so an address is asked for and the answer promised
 * there too. Otherwise no address is asked for: the answer will be on the ticket page alone.
 */
export function AskForm({ emailed }: { emailed: boolean }) {
  const form = useFormAction(submitQuestion);
  const optional = <span className="font-normal text-stone-500">(optional)</span>;
  return (
    <ActionForm form={form} submit="Send question" busy="Sending…" className="flex flex-col gap-5">
      <TextField
        {...form.field('name')}
        label="Your name"
        autoComplete="name"
        required
        maxLength={100}
        className="w-full bg-white"
      />
      {emailed ? (
        <TextField
          {...form.field('email')}
          label={<>Email {optional}</>}
          type="email"
          autoComplete="email"
          hint="We’ll email you the answer, and it will also be on the page you see next."
          className="w-full bg-white"
        />
      ) : null}
      <TextField
        {...form.field('text')}
        multiline
        label="Your question"
        rows={6}
        required
        maxLength={QUESTION_MAX_CHARS}
        className="w-full bg-white"
        placeholder="Can I pick up two dozen sourdough rolls on Saturday at 9?"
      />
      {emailed ? null : (
        <p className="text-sm text-stone-700" data-testid="ask-answer-on-page">
          The answer will be on the page you see next. Keep its link to come back for it.
        </p>
      )}
    </ActionForm>
  );
}
