'use client';

import { handoverTopicsInput } from '@/lib/knowledge/forms';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { saveHandover } from './actions';

/** The owner's own topics that always go to a person, one a line. */
export function HandoverForm({ topics }: { topics: string[] }) {
  const form = useFormAction(saveHandover, {
    check: handoverTopicsInput,
    initial: { topics: topics.join('\n') },
  });
  return (
    <ActionForm form={form} submit="Save topics" label="Always for a person">
      <TextField
        {...form.field('topics')}
        label="Topics always for a person"
        multiline
        rows={4}
        hint="One a line, such as “wedding cakes”. A question about one is marked for a person even when an entry or the menu could answer it."
      />
    </ActionForm>
  );
}
