'use client';

import { useState } from 'react';
import { DEFAULT_LABEL_COLOUR, LABEL_NAME_MAX, labelInput } from '@/lib/inbox/labels';
import { ActionButton } from '../../_components/action-button';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { LabelChip } from '../../inbox/_labels/label-chip';
import { createLabelAction, deleteLabelAction, updateLabelAction } from './actions';

/** A colour picker with its value shown as a chip preview of the label. */
function ColourField({
  idPrefix,
  initial,
  name,
  error,
}: {
  idPrefix: string;
  initial: string;
  name: string;
  error?: string;
}) {
  const [colour, setColour] = useState(initial);
  const id = `${idPrefix}colour`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        Colour
      </label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="color"
          name="colour"
          value={colour}
          onChange={(event) => setColour(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-10 w-16 rounded-md border border-stone-300 bg-white"
        />
        <span aria-hidden="true">
          <LabelChip name={name || 'Preview'} colour={colour} />
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function NewLabelForm() {
  const form = useFormAction(createLabelAction, { check: labelInput, idPrefix: 'new-label-' });
  const [name, setName] = useState('');
  return (
    <ActionForm
      form={form}
      submit="Add label"
      label="New label"
      className="flex max-w-xl flex-col gap-3"
    >
      <TextField
        {...form.field('name')}
        label="Name"
        maxLength={LABEL_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
      />
      <ColourField
        idPrefix="new-label-"
        initial={DEFAULT_LABEL_COLOUR}
        name={name}
        error={form.errors.colour}
      />
    </ActionForm>
  );
}

export function EditLabelForm({ label }: { label: { id: number; name: string; colour: string } }) {
  const form = useFormAction(updateLabelAction, {
    check: labelInput,
    initial: { name: label.name },
    idPrefix: `label-${label.id}-`,
  });
  const [name, setName] = useState(label.name);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-4">
      <ActionForm
        form={form}
        submit="Save label"
        label={`Label ${label.name}`}
        className="flex flex-col gap-3"
      >
        <input type="hidden" name="labelId" value={label.id} />
        <TextField
          {...form.field('name')}
          label="Name"
          maxLength={LABEL_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
        <ColourField
          idPrefix={`label-${label.id}-`}
          initial={label.colour}
          name={name}
          error={form.errors.colour}
        />
      </ActionForm>
      <ActionButton
        action={deleteLabelAction}
        fields={{ labelId: label.id }}
        confirm={`Remove the label “${label.name}” from the desk and from every conversation?`}
        label={`Remove label ${label.name}`}
        className="self-start text-sm text-red-800 underline"
      >
        Remove label
      </ActionButton>
    </div>
  );
}
