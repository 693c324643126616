'use client';

import { KNOWLEDGE_ANSWER_MAX, knowledgeEntryInput } from '@/lib/knowledge/forms';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { addEntry, saveEntry } from './actions';

export type EntryFields = {
  id: number;
  title: string;
  answer: string;
  tags: string;
  enabled: boolean;
};

/** Writes a new entry (optionally started from a customer's question), or edits one. */
export function EntryForm({
  entry,
  start,
}: {
  entry?: EntryFields;
  /** A new entry's title, such as the topic of a question that nothing answered. */
  start?: { title: string };
}) {
  const form = useFormAction(entry ? saveEntry : addEntry, {
    check: knowledgeEntryInput,
    idPrefix: entry ? `entry-${entry.id}-` : 'new-',
    initial: entry
      ? { title: entry.title, answer: entry.answer, tags: entry.tags }
      : { title: start?.title ?? '' },
  });
  const enabled = form.values ? form.values.enabled !== undefined : (entry?.enabled ?? true);
  return (
    <ActionForm
      form={form}
      submit={entry ? 'Save entry' : 'Add entry'}
      label={entry ? `Edit ${entry.title}` : 'Write a knowledge entry'}
    >
      {entry ? <input type="hidden" name="id" value={entry.id} /> : null}
      <TextField
        {...form.field('title')}
        label="Title"
        hint="What it is about, such as “Delivery”."
      />
      <TextField
        {...form.field('answer')}
        label="The answer"
        multiline
        rows={4}
        hint={`Written to customers; drafts quote it as it is. At most ${KNOWLEDGE_ANSWER_MAX} characters.`}
      />
      <TextField
        {...form.field('tags')}
        label="Tags (optional)"
        hint="Separated by commas, such as delivery, fees. They help the search find it."
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="enabled" defaultChecked={enabled} />
        On: drafts may use it
      </label>
    </ActionForm>
  );
}
