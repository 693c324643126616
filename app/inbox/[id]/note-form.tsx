'use client';

import { NOTE_MAX_LENGTH, noteInput } from '@/lib/notes/forms';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { addNoteAction } from './note-actions';

/** Writes a note for colleagues on this conversation; the customer never sees it. */
export function NoteForm({ questionId }: { questionId: number }) {
  const form = useFormAction(addNoteAction, { check: noteInput, idPrefix: 'note-' });
  return (
    <details className="rounded-lg border border-violet-200 bg-white p-3" data-testid="note-panel">
      <summary className="cursor-pointer font-medium text-violet-950">Add a note for staff</summary>
      <div className="mt-2">
        <ActionForm form={form} submit="Add note" busy="Adding…" label="Note for staff">
          <input type="hidden" name="questionId" value={questionId} />
          <TextField
            {...form.field('text')}
            multiline
            label="Note (staff only)"
            hint="Shown in this thread to staff only. Never sent, never on the customer’s page; drafts may read it as the bakery’s own context."
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
          />
        </ActionForm>
      </div>
    </details>
  );
}
