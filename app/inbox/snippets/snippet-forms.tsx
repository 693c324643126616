'use client';

import { useState } from 'react';
import { SNIPPET_TEXT_MAX, SNIPPET_TITLE_MAX, snippetCreateInput } from '@/lib/snippets/forms';
import { ActionForm } from '../../_components/action-form';
import { FormMessage, TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { createSnippetAction, deleteSnippetAction, updateSnippetAction } from './actions';

type Shown = { id: number; title: string; text: string; shared: boolean; keeper: string };

type FieldProps = { name: string; idPrefix: string; defaultValue: string; error?: string };

function Fields({
  field,
  canShare,
  shared,
}: {
  field: (name: 'title' | 'text') => FieldProps;
  canShare: boolean;
  shared: boolean;
}) {
  const prefix = field('title').idPrefix;
  return (
    <>
      <TextField {...field('title')} label="Title" maxLength={SNIPPET_TITLE_MAX} />
      <TextField
        {...field('text')}
        multiline
        label="Text"
        rows={5}
        maxLength={SNIPPET_TEXT_MAX}
        hint="May use {customer_first_name}, {bakery_name} and {ticket_link}."
      />
      {canShare ? (
        <label className="flex items-center gap-2" htmlFor={`${prefix}shared`}>
          <input
            type="checkbox"
            id={`${prefix}shared`}
            name="shared"
            defaultChecked={shared}
            className="size-4"
          />
          Shared with all staff
        </label>
      ) : null}
    </>
  );
}

export function NewSnippetForm({ canShare }: { canShare: boolean }) {
  const form = useFormAction(createSnippetAction, {
    check: snippetCreateInput,
    idPrefix: 'new-snippet-',
  });
  return (
    <ActionForm form={form} submit="Save snippet" label="New snippet">
      <Fields field={form.field} canShare={canShare} shared={false} />
    </ActionForm>
  );
}

export function SnippetCard({
  snippet,
  canEdit,
  canShare,
}: {
  snippet: Shown;
  canEdit: boolean;
  canShare: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const prefix = `snippet-${snippet.id}-`;
  const form = useFormAction(updateSnippetAction, {
    check: snippetCreateInput,
    idPrefix: prefix,
    initial: { title: snippet.title, text: snippet.text },
  });
  const removal = useFormAction(deleteSnippetAction);
  const keptBy = snippet.shared ? 'Shared' : snippet.keeper === 'you' ? 'Yours' : snippet.keeper;
  return (
    <article
      aria-labelledby={`${prefix}heading`}
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-4"
    >
      <h3 id={`${prefix}heading`} className="font-semibold">
        {snippet.title} <span className="text-sm font-normal text-stone-700">· {keptBy}</span>
      </h3>
      {editing && canEdit ? (
        <ActionForm form={form} submit="Save changes" label={`Edit ${snippet.title}`}>
          <input type="hidden" name="id" value={snippet.id} />
          <Fields field={form.field} canShare={canShare} shared={snippet.shared} />
        </ActionForm>
      ) : (
        <>
          <p className="whitespace-pre-wrap break-words text-stone-800">{snippet.text}</p>
          {form.saved ? (
            <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
              {form.saved}
            </p>
          ) : null}
        </>
      )}
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="text-sm underline"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            {editing ? 'Close editing' : `Edit “${snippet.title}”`}
          </button>
          <form action={removal.formAction}>
            <input type="hidden" name="id" value={snippet.id} />
            <button
              type="submit"
              className="text-sm text-red-800 underline"
              disabled={removal.pending}
            >
              Remove “{snippet.title}”
            </button>
          </form>
          <FormMessage message={removal.message} />
        </div>
      ) : (
        <p className="text-sm text-stone-700">
          {snippet.shared ? 'Only the owner can change shared snippets.' : null}
        </p>
      )}
    </article>
  );
}
