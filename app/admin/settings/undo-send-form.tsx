'use client';

import { MAX_UNDO_SEND_SECONDS, undoSendInput } from '@/lib/inbox/undo-send';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { saveUndoSend } from './undo-send-actions';

/** Settings' undo send: how long a sent reply waits before it reaches the customer. */
export function UndoSendForm({ seconds }: { seconds: number }) {
  const form = useFormAction(saveUndoSend, {
    check: undoSendInput,
    initial: { undoSendSeconds: String(seconds) },
    idPrefix: 'undo-',
  });
  return (
    <section aria-labelledby="undo-send-title" className="flex max-w-xl flex-col gap-3">
      <h2 id="undo-send-title" className="text-lg font-semibold">
        Undo send
      </h2>
      <ActionForm form={form} submit="Save undo send" label="Undo send">
        <TextField
          {...form.field('undoSendSeconds')}
          label="Seconds to undo a sent reply"
          hint={`After Send, the reply waits this long with Undo on screen: nothing reaches the customer's page or email until then. 0 sends at once; at most ${MAX_UNDO_SEND_SECONDS}.`}
          inputMode="numeric"
        />
      </ActionForm>
    </section>
  );
}
