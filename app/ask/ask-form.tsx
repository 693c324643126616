'use client';

// Limits only: the schemas stay on the server, so no validation library ships with the form.
import { EMAIL_MAX_CHARS, NAME_MAX_CHARS, QUESTION_MAX_CHARS } from '@/lib/intake/limits';
import { ActionForm } from '../_components/action-form';
import { TextField } from '../_components/text-field';
import { useFormAction } from '../_components/use-form-action';
import { submitQuestion } from './actions';

/**
 * `emailed`: replies go out by email now, so an address is asked for and the answer promised
 * there too. Otherwise no address is asked for: the answer will be on the ticket page alone.
 * The "Ask us" panel passes its own action and `where`, since the answer shows in the panel.
 */
export function AskForm({
  emailed,
  action = submitQuestion,
  where = 'page',
}: {
  emailed: boolean;
  action?: typeof submitQuestion;
  where?: 'page' | 'panel';
}) {
  const form = useFormAction(action);
  const optional = <span className="font-normal text-stone-500">(optional)</span>;
  return (
    <ActionForm form={form} submit="Send question" busy="Sending…" className="flex flex-col gap-5">
      <TextField
        {...form.field('name')}
        label="Your name"
        autoComplete="name"
        required
        maxLength={NAME_MAX_CHARS}
        className="w-full bg-white"
      />
      {emailed ? (
        <TextField
          {...form.field('email')}
          label={<>Email {optional}</>}
          type="email"
          maxLength={EMAIL_MAX_CHARS}
          autoComplete="email"
          hint={
            where === 'panel'
              ? 'We’ll email you the answer, and it will also be here.'
              : 'We’ll email you the answer, and it will also be on the page you see next.'
          }
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
          {where === 'panel'
            ? 'The answer will be here: open Ask us on this website again to read it.'
            : 'The answer will be on the page you see next. Keep its link to come back for it.'}
        </p>
      )}
    </ActionForm>
  );
}
